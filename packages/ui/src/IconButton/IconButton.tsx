import { forwardRef, type ReactNode } from 'react';
import { iconOnly } from '../Button/Button.css.ts';
import { Button, type ButtonProps } from '../Button/Button.tsx';

export interface IconButtonProps extends Omit<ButtonProps, 'icon' | 'children' | 'fullWidth'> {
  /** Required: an icon alone has no accessible name. */
  label: string;
  children: ReactNode;
}

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, size = 'md', variant = 'ghost', tone = 'neutral', className, children, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      aria-label={label}
      title={label}
      size={size}
      variant={variant}
      tone={tone}
      className={[iconOnly({ size }), className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </Button>
  );
});
