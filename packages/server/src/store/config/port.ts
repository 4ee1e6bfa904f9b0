// The config-store port: everything the server keeps about entities, users, sessions and settings goes
// through this interface. SQL handed to it is Postgres-flavoured and portable (positional `$1` params,
// sequences, TIMESTAMPTZ, RETURNING) so the DuckDB adapter and a PostgreSQL adapter run the same text.

export type SqlParam = string | number | bigint | boolean | null;
export type Row = Record<string, unknown>;

export interface Sql {
  query<T extends Row = Row>(text: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Runs a statement and resolves to the number of rows it changed. */
  execute(text: string, params?: readonly SqlParam[]): Promise<number>;
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
