import type { CSSProperties } from 'react';
import * as styles from './Skeleton.css.ts';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** Round, for avatars. */
  circle?: boolean;
  /** Several text lines; the last is shorter like a paragraph end. */
  lines?: number;
}

/**
 * A placeholder shaped like the content being loaded; hidden from assistive tech, and marked
 * data-skeleton so a test can wait until the content has taken its place.
 */
export function Skeleton({ width = '100%', height = '1em', circle = false, lines = 1 }: SkeletonProps) {
  if (lines > 1) {
    return (
      <span aria-hidden style={{ display: 'flex', flexDirection: 'column', gap: '0.5em', width }}>
        {Array.from({ length: lines }, (_, i) => `line-${i + 1}`).map((key, i) => (
          <span
            key={key}
            data-skeleton=""
            className={styles.skeleton}
            style={{ height, width: i === lines - 1 ? '60%' : '100%' }}
          />
        ))}
      </span>
    );
  }
  return (
    <span
      aria-hidden
      data-skeleton=""
      className={styles.skeleton}
      style={{ width: circle ? height : width, height, borderRadius: circle ? '50%' : undefined }}
    />
  );
}
