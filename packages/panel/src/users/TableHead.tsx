import * as styles from './users.css.ts';

/** The header row of the users' plain tables (permissions, audit trail): one column header per name. */
export function TableHead({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={styles.header}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
