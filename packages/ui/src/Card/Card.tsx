import type { HTMLAttributes, ReactNode } from 'react';
import * as styles from './Card.css.ts';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Buttons at the top right. */
  actions?: ReactNode;
  padding?: styles.CardPadding;
}

/** A bordered surface grouping related content; with a title it is a labelled region. */
export function Card({ title, description, actions, padding, className, children, ...rest }: CardProps) {
  return (
    <section className={[styles.card({ padding }), className].filter(Boolean).join(' ')} {...rest}>
      {(title != null || actions != null) && (
        <header className={styles.header}>
          <div>
            {title != null && <h3 className={styles.title}>{title}</h3>}
            {description != null && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}
