import * as styles from './Spinner.css.ts';

export const SPINNER_SIZES = ['sm', 'md', 'lg'] as const;
export type SpinnerSize = (typeof SPINNER_SIZES)[number];

const px: Record<SpinnerSize, { size: number; border: number }> = {
  sm: { size: 14, border: 2 },
  md: { size: 20, border: 2 },
  lg: { size: 32, border: 3 },
};

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Announced to screen readers; pass `null` when a surrounding element already says it is busy. */
  label?: string | null;
}

export function Spinner({ size = 'md', label = 'Loading' }: SpinnerProps) {
  const { size: dimension, border } = px[size];
  return (
    <span
      className={styles.spinner}
      style={{ width: dimension, height: dimension, borderWidth: border }}
      {...(label === null ? { 'aria-hidden': true } : { role: 'status', 'aria-label': label })}
    />
  );
}
