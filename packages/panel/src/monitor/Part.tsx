import { type ReactNode, useId } from 'react';
import * as styles from './monitor.css.ts';

/**
 * A titled part of a monitor page: a region named by its h2, so the cards' h3 titles below it keep the
 * heading levels in order (h1 page, h2 part, h3 card).
 */
export function Part({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.part} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.partHeading}>
        {title}
      </h2>
      {description != null && <p className={styles.partDescription}>{description}</p>}
      {children}
    </section>
  );
}
