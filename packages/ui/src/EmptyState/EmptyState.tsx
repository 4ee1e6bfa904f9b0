import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import * as styles from './EmptyState.css.ts';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** Defaults to an inbox; pass another lucide icon element to change it. */
  icon?: ReactNode;
  /** The next step, e.g. a Create button. */
  action?: ReactNode;
  tone?: 'neutral' | 'danger';
}

/** What a list or table shows when there is nothing (or an error) instead of rows. */
export function EmptyState({ title, description, icon, action, tone = 'neutral' }: EmptyStateProps) {
  return (
    <div className={styles.root} role={tone === 'danger' ? 'alert' : undefined}>
      <div className={tone === 'danger' ? styles.iconDanger : styles.icon}>
        {icon ?? <Inbox size={32} aria-hidden />}
      </div>
      <p className={styles.title}>{title}</p>
      {description != null && <p className={styles.description}>{description}</p>}
      {action != null && <div className={styles.action}>{action}</div>}
    </div>
  );
}
