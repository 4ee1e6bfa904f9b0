import { Fragment, type ReactNode } from 'react';
import * as pageStyles from './pages.css.ts';

/** Rows of label and value as a definition list: the shape every figure card and fact list uses. */
export function Figures({
  rows,
  label,
}: {
  rows: readonly (readonly [string, ReactNode])[];
  label?: string;
}) {
  return (
    <dl className={pageStyles.definitionList} aria-label={label}>
      {rows.map(([term, value]) => (
        <Fragment key={term}>
          <dt className={pageStyles.definitionTerm}>{term}</dt>
          <dd className={pageStyles.definitionValue}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
