import { forwardRef, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { FieldSize } from '../Field/Field.css.ts';
import { Field } from '../Field/Field.tsx';
import { InputFrame } from '../Field/InputFrame.tsx';
import * as styles from './TextArea.css.ts';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'size'> {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  size?: FieldSize;
  /** Code-like text (one URL or id per line): a monospace font, and no spell check unless asked. */
  monospace?: boolean;
}

/** Multi-line text (notes, lists one per line) with the label, description and error of every field. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  {
    label,
    description,
    error,
    size,
    monospace = false,
    required,
    disabled,
    id,
    className,
    rows = 4,
    spellCheck,
    ...rest
  },
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
        <InputFrame size={size} invalid={Boolean(error)} disabled={disabled} className={styles.frame}>
          <textarea
            ref={ref}
            className={monospace ? `${styles.textarea} ${styles.monospace}` : styles.textarea}
            rows={rows}
            required={required}
            disabled={disabled}
            spellCheck={spellCheck ?? !monospace}
            {...aria}
            {...rest}
          />
        </InputFrame>
      )}
    </Field>
  );
});
