import type { ReactNode } from 'react';
import { adornment, control, type FieldSize } from './Field.css.ts';

export interface InputFrameProps {
  size?: FieldSize | undefined;
  invalid: boolean;
  disabled?: boolean | undefined;
  /** Content before / after the input, e.g. an icon or a unit. */
  prefix?: ReactNode;
  suffix?: ReactNode;
  children: ReactNode;
}

/** The bordered box of a single-line input with its adornments, shared by the text and number fields. */
export function InputFrame({ size, invalid, disabled, prefix, suffix, children }: InputFrameProps) {
  return (
    <div className={control({ size })} data-invalid={invalid} data-disabled={disabled || undefined}>
      {prefix != null && <span className={adornment}>{prefix}</span>}
      {children}
      {suffix != null && <span className={adornment}>{suffix}</span>}
    </div>
  );
}
