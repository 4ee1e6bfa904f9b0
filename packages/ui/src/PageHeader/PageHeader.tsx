import type { ReactNode } from 'react';
import * as styles from './PageHeader.css.ts';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Above the title, e.g. a link back to the list. */
  breadcrumbs?: ReactNode;
  /** Primary actions, right-aligned (Create, Export ...). */
  actions?: ReactNode;
}

/** The page's one h1 with its actions. */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  return (
    // A div, not <header>: outside <main> a header is the page banner landmark, and there is one.
    <div className={styles.root}>
      <div className={styles.titles}>
        {breadcrumbs != null && <div className={styles.breadcrumbs}>{breadcrumbs}</div>}
        {/* Focusable by script only: focus lands here after a navigation or a save. */}
        <h1 className={styles.title} tabIndex={-1}>
          {title}
        </h1>
        {description != null && <p className={styles.description}>{description}</p>}
      </div>
      {actions != null && <div className={styles.actions}>{actions}</div>}
    </div>
  );
}
