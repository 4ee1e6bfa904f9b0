// The config-store port: everything the server keeps about entities, users, sessions and settings goes
// through this interface. SQL handed to it is Postgres-flavoured and portable (positional `$1` params,
// sequences, TIMESTAMPTZ, RETURNING) so the DuckDB adapter and a PostgreSQL adapter run the same text.

export type SqlParam = string | number | bigint | boolean | null;
export type Row = Record<string, unknown>;

/** A column `insert` fills; a timestamp's value is ISO text (see `timestamp`). */
export type InsertColumn = string | { name: string; timestamp: true };

export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a statement and resolves to the number of rows it changed. */
  execute(text: string, params?: readonly SqlParam[]): Promise<number>;
  /**
   * Inserts rows, each holding the `columns`' values in order; columns left out take their defaults.
   * Hot paths use it rather than a statement of their own: the embedded store appends the rows, which
   * costs it half of what parsing and binding a multi-row VALUES does.
   */
  insert(
    table: string,
    columns: readonly InsertColumn[],
    rows: readonly (readonly SqlParam[])[],
  ): Promise<void>;
}

/** Rows per multi-row INSERT, keeping a statement's parameters to a few thousand. */
const ROWS_PER_INSERT = 200;

export const columnName = (column: InsertColumn): string =>
  typeof column === 'string' ? column : column.name;

/** `Sql.insert` as multi-row INSERT ... VALUES statements, for engines where that is the cheap way. */
export async function insertWithValues(
  sql: Pick<Sql, 'execute'>,
  table: string,
  columns: readonly InsertColumn[],
  rows: readonly (readonly SqlParam[])[],
): Promise<void> {
  const names = columns.map(columnName).join(', ');
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const params: SqlParam[] = [];
    const tuples = rows.slice(start, start + ROWS_PER_INSERT).map((row) => {
      const slots = columns.map((column, index) => {
        params.push(row[index] ?? null);
        const slot = `$${params.length}`;
        return typeof column === 'string' ? slot : `CAST(${slot} AS TIMESTAMPTZ)`;
      });
      return `(${slots.join(', ')})`;
    });
    await sql.execute(`INSERT INTO ${table} (${names}) VALUES ${tuples.join(', ')}`, params);
  }
}

export interface ConfigStore extends Sql {
  readonly dialect: 'duckdb' | 'postgres';
  /**
   * Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. Inside,
   * use only `tx`: the embedded store serialises every call, so calling the store itself from `work`
   * would wait for the transaction that is waiting for it.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Makes everything committed so far durable in the main database file (DuckDB: CHECKPOINT; engines
   * whose logs always replay cleanly: nothing). Called after schema changes.
   */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/** Timestamps travel as ISO strings and are cast in SQL, which both engines accept. */
export function timestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * True for the error a statement gets when it would duplicate a PRIMARY KEY or UNIQUE value, whichever
 * engine raised it (PostgreSQL's SQLSTATE 23505, DuckDB's constraint message), so callers can answer 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  // DuckDB words it one way when the statement itself collides and another inside a transaction.
  return /Duplicate key .* violates (primary key|unique) constraint|PRIMARY KEY or UNIQUE constraint violation/i.test(
    error.message,
  );
}
