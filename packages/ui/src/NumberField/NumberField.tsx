import { forwardRef, type ReactNode, useEffect, useState } from 'react';
import { type FieldSize, input } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import { InputFrame } from '../Field/InputFrame.tsx';

export interface NumberFieldProps {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  size?: FieldSize;
  value: number | null;
  /** Called with the parsed number, or null when the field is empty or not a number. */
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  step?: number;
  prefix?: ReactNode;
  suffix?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  name?: string;
  className?: string;
}

/** Parses what a user typed, accepting a comma as decimal separator. */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, '').replace(',', '.');
  if (cleaned === '' || cleaned === '-' || cleaned === '.') return null;
  const parsed = Number(cleaned);
  return Number.isFinite(parsed) ? parsed : null;
}

export function clampNumber(value: number, min?: number, max?: number): number {
  return Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, value));
}

/**
 * A text input with number semantics: free typing (a half-typed "1." is kept), arrows step by
 * `step`, and the value is clamped to min/max when the field loses focus.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  {
    label,
    description,
    error,
    size,
    value,
    onChange,
    min,
    max,
    step = 1,
    prefix,
    suffix,
    required,
    disabled,
    id,
    className,
    ...rest
  },
  ref,
) {
  const [text, setText] = useState(value == null ? '' : String(value));
  useEffect(() => {
    // Follow outside changes, but do not rewrite what the user is typing if it parses the same.
    setText((current) => (parseNumber(current) === value ? current : value == null ? '' : String(value)));
  }, [value]);

  const commit = (next: number | null) => {
    setText(next == null ? '' : String(next));
    onChange(next);
  };

  return (
    <Field
      label={label}
      description={description}
      error={error}
      required={required}
      id={id}
      className={className}
    >
      {(aria) => (
        <InputFrame size={size} invalid={Boolean(error)} disabled={disabled} prefix={prefix} suffix={suffix}>
          <input
            ref={ref}
            className={input}
            type="text"
            inputMode="decimal"
            role="spinbutton"
            aria-valuemin={min}
            aria-valuemax={max}
            aria-valuenow={value ?? undefined}
            required={required}
            disabled={disabled}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              onChange(parseNumber(event.target.value));
            }}
            onBlur={() => {
              const parsed = parseNumber(text);
              commit(parsed == null ? null : clampNumber(parsed, min, max));
            }}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
              event.preventDefault();
              const delta = (event.key === 'ArrowUp' ? step : -step) * (event.shiftKey ? 10 : 1);
              // Round away binary noise (0.1 + 0.2) to the step's decimals.
              const decimals = (String(step).split('.')[1] ?? '').length;
              const next = Number(((value ?? min ?? 0) + delta).toFixed(decimals));
              commit(clampNumber(next, min, max));
            }}
            {...aria}
            {...rest}
          />
        </InputFrame>
      )}
    </Field>
  );
});
