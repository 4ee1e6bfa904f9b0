import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { adornment, control, type FieldSize, input } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'prefix'> {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  size?: FieldSize;
  /** Content before / after the text, e.g. an icon or a unit. */
  prefix?: ReactNode;
  suffix?: ReactNode;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, description, error, size, prefix, suffix, required, disabled, id, className, ...rest },
  ref,
) {
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
        <div
          className={control({ size })}
          data-invalid={Boolean(error)}
          data-disabled={disabled || undefined}
        >
          {prefix != null && <span className={adornment}>{prefix}</span>}
          <input ref={ref} className={input} required={required} disabled={disabled} {...aria} {...rest} />
          {suffix != null && <span className={adornment}>{suffix}</span>}
        </div>
      )}
    </Field>
  );
});
