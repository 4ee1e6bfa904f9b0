import { assignInlineVars } from '@vanilla-extract/dynamic';
import * as styles from './ProgressBar.css.ts';

export { PROGRESS_BAR_SIZES, type ProgressBarSize } from './ProgressBar.css.ts';

export interface ProgressBarProps {
  /**
   * Percent done, 0 to 100 (the scale of NavigationProgress and of `aria-valuenow`); out-of-range values
   * are clamped. Leave it out while the amount is unknown: the bar is then indeterminate and keeps moving.
   */
  value?: number;
  /** Accessible name, e.g. "Uploading clicks.csv". */
  label: string;
  /** Read out instead of the bare percentage when the amount means more, e.g. "3.1 MB of 12 MB". */
  valueText?: string;
  size?: styles.ProgressBarSize;
  className?: string;
}

/** A bar for a task in progress: determinate with a `value`, indeterminate without. */
export function ProgressBar({ value, label, valueText, size = 'md', className }: ProgressBarProps) {
  const determinate = value !== undefined && Number.isFinite(value);
  const percent = determinate ? Math.min(100, Math.max(0, value)) : undefined;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent === undefined ? undefined : Math.round(percent)}
      aria-valuetext={valueText}
      data-state={determinate ? 'determinate' : 'indeterminate'}
      className={[styles.track, styles.size[size], className].filter(Boolean).join(' ')}
      style={percent === undefined ? undefined : assignInlineVars({ [styles.filled]: `${percent}%` })}
    >
      <span className={styles.indicator} />
    </div>
  );
}
