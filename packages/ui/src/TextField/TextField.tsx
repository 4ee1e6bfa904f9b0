import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { type FieldSize, input } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import { InputFrame } from '../Field/InputFrame.tsx';

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
        <InputFrame size={size} invalid={Boolean(error)} disabled={disabled} prefix={prefix} suffix={suffix}>
          <input ref={ref} className={input} required={required} disabled={disabled} {...aria} {...rest} />
        </InputFrame>
      )}
    </Field>
  );
});
