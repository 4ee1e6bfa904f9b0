import { type ReactNode, useId } from 'react';
import * as styles from '../../pages/pages.css.ts';
import * as css from './trackingLinks.css.ts';

/**
 * A settings section under its own h2, which keeps the headings in order: the page's h1 ("Settings"),
 * this, then its cards' h3. `intro` is a line under the heading.
 */
export function SettingsSectionFrame({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={styles.sectionLayout} aria-labelledby={headingId}>
      <h2 id={headingId} className={css.heading}>
        {title}
      </h2>
      {intro && <p className={css.intro}>{intro}</p>}
      {children}
    </section>
  );
}
