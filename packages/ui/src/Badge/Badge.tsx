import type { HTMLAttributes } from 'react';
import { type BadgeTone, type BadgeVariant, badge, dot } from './Badge.css.ts';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  variant?: BadgeVariant;
  /** A leading dot, for status pills ("Active", "Paused"). */
  withDot?: boolean;
}

export function Badge({ tone, variant, withDot, className, children, ...rest }: BadgeProps) {
  return (
    <span className={[badge({ tone, variant }), className].filter(Boolean).join(' ')} {...rest}>
      {withDot && <span className={dot()} aria-hidden />}
      {children}
    </span>
  );
}
