// biome-ignore-all lint/a11y/noRedundantRoles: the table's parts keep their roles when narrow screens lay them out as blocks (users.css.ts)
import * as styles from './users.css.ts';

/** The header row of the users' plain tables (permissions): one column header per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead role="rowgroup" className={styles.head}>
      <tr role="row">
        {columns.map((column) => (
          <th key={column} role="columnheader" scope="col" className={styles.header}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
