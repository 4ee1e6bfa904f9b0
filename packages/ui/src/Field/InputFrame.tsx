import type { ReactNode } from 'react';
import { adornment, control, type FieldSize } from './Field.css.ts';

export interface InputFrameProps {
  size?: FieldSize | undefined;
  invalid: boolean;
  disabled?: boolean | undefined;
  /** Content before / after the input, e.g. an icon or a unit. */
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Extra class for the box, e.g. a multi-line control's padding. */
  className?: string | undefined;
  children: ReactNode;
}

/** The bordered box of an input with its adornments, shared by the text, number and text-area fields. */
export function InputFrame({
  size,
  invalid,
  disabled,
  prefix,
  suffix,
  className,
  children,
}: InputFrameProps) {
  const classes = className ? `${control({ size })} ${className}` : control({ size });
  return (
    <div className={classes} data-invalid={invalid} data-disabled={disabled || undefined}>
      {prefix != null && <span className={adornment}>{prefix}</span>}
      {children}
      {suffix != null && <span className={adornment}>{suffix}</span>}
    </div>
  );
}
