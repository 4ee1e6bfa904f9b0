import { Slot } from '@radix-ui/react-slot';
import { type ButtonHTMLAttributes, forwardRef, type ReactNode } from 'react';
import { Spinner } from '../Spinner/Spinner.tsx';
import {
  type ButtonSize,
  type ButtonTone,
  type ButtonVariant,
  button,
  hiddenContent,
  spinnerOverlay,
} from './Button.css.ts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  tone?: ButtonTone;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, keeps the width, and blocks clicks while an action runs. */
  loading?: boolean;
  /** Icon before the label. */
  icon?: ReactNode;
  /** Render the child element (e.g. a router link) with the button's look. */
  asChild?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant,
    tone,
    size,
    fullWidth,
    loading = false,
    icon,
    asChild = false,
    className,
    children,
    disabled,
    type,
    onClick,
    ...rest
  },
  ref,
) {
  const classes = [button({ variant, tone, size, fullWidth }), className].filter(Boolean).join(' ');
  if (asChild) {
    return (
      <Slot ref={ref} className={classes} {...rest}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      ref={ref}
      // A plain <button> inside a form submits by default; make submitting an explicit choice.
      type={type ?? 'button'}
      className={classes}
      disabled={disabled}
      // aria-disabled rather than disabled while loading keeps focus on the button the user pressed.
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading ? (
        <>
          <span className={hiddenContent}>
            {icon}
            {children}
          </span>
          <span className={spinnerOverlay}>
            <Spinner size="sm" label={null} />
          </span>
        </>
      ) : (
        <>
          {icon}
          {children}
        </>
      )}
    </button>
  );
});
