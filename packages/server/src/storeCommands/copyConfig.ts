import type { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { migrate, schemaVersion } from '../store/config/migrate.ts';
import type { Sql, SqlParam } from '../store/config/port.ts';
import type { PostgresConfigStore } from '../store/config/postgres.ts';

// Copies the embedded configuration (cairn.duckdb) into PostgreSQL, table by table. The target's tables
// are the ones the server itself creates (the same migrations, run first), so a node started on it finds
// the schema it expects; the copy, its count check and the sequences move in one transaction, so a
// failed or refused copy leaves the target as it was.

/** Rows of one table in the source and, after the copy, in the target. */
export interface TableCount {
  table: string;
  source: number;
  target: number;
}

/** The target already holds data and the operator did not say to replace it. */
export class NonEmptyTargetError extends Error {}

/** The copy did not arrive whole; nothing was committed. */
export class CopyMismatchError extends Error {}

// Not data of the installation: each store's own migrations write schema_migrations, and running nodes
// their heartbeats (the embedded node's would show as a node gone silent).
const SKIPPED_TABLES = new Set(['schema_migrations', 'cluster_nodes']);
const MAX_PARAMS = 30_000;
const MAX_ROWS_PER_INSERT = 500;

interface SourceTable {
  name: string;
  columns: { name: string; timestampTz: boolean }[];
}

async function sourceTables(source: DuckDbConfigStore): Promise<SourceTable[]> {
  const columns = await source.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'main' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, SourceTable>();
  for (const column of columns) {
    if (SKIPPED_TABLES.has(column.table_name)) continue;
    let table = tables.get(column.table_name);
    if (!table) {
      table = { name: column.table_name, columns: [] };
      tables.set(table.name, table);
    }
    table.columns.push({
      name: column.column_name,
      timestampTz: column.data_type.toUpperCase() === 'TIMESTAMP WITH TIME ZONE',
    });
  }
  return [...tables.values()];
}

async function targetColumns(target: PostgresConfigStore): Promise<Map<string, Set<string>>> {
  const rows = await target.query<{ table_name: string; column_name: string }>(
    'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()',
  );
  const tables = new Map<string, Set<string>>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? new Set<string>();
    columns.add(row.column_name);
    tables.set(row.table_name, columns);
  }
  return tables;
}

async function countRows(sql: Sql, table: string): Promise<number> {
  const rows = await sql.query<{ n: number | bigint }>(`SELECT count(*) AS n FROM "${table}"`);
  return Number(rows[0]?.n ?? 0);
}

/** Tables of the target that hold rows (the schema bookkeeping aside), with their counts. */
export async function nonEmptyTables(
  target: PostgresConfigStore,
): Promise<{ table: string; rows: number }[]> {
  const found: { table: string; rows: number }[] = [];
  for (const [table] of await targetColumns(target)) {
    if (SKIPPED_TABLES.has(table)) continue;
    const rows = await countRows(target, table);
    if (rows > 0) found.push({ table, rows });
  }
  return found;
}

/**
 * Brings the target's schema to the version the server would make (it must equal the source's) and, unless
 * `allowNonEmpty`, refuses a target that holds data. Resolves to the schema version.
 */
export async function prepareConfigTarget(
  source: DuckDbConfigStore,
  target: PostgresConfigStore,
  allowNonEmpty: boolean,
): Promise<number> {
  const run = await target.withLock('migrate', () => migrate(target));
  const sourceVersion = await schemaVersion(source);
  if (run.to !== sourceVersion) {
    throw new CopyMismatchError(
      `The target is at schema version ${run.to} and the embedded database at ${sourceVersion}: ` +
        'run the same Cairn version on both (cairn migrate brings the embedded one up to date).',
    );
  }
  if (!allowNonEmpty) {
    const filled = await nonEmptyTables(target);
    if (filled.length > 0) {
      throw new NonEmptyTargetError(
        `The target configuration database already holds data (${filled.map((t) => `${t.table}: ${t.rows}`).join(', ')}). ` +
          'Give --allow-non-empty to replace it with this installation (stop every node on it first).',
      );
    }
  }
  return run.to;
}

async function copyTable(source: DuckDbConfigStore, tx: Sql, table: SourceTable): Promise<void> {
  // TIMESTAMPTZ travels as text with its offset, which keeps DuckDB's microseconds exactly.
  const select = table.columns
    .map((column) =>
      column.timestampTz ? `CAST("${column.name}" AS VARCHAR) AS "${column.name}"` : `"${column.name}"`,
    )
    .join(', ');
  const names = table.columns.map((column) => `"${column.name}"`).join(', ');
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMS / table.columns.length)));
  let after = -1;
  for (;;) {
    // rowid pages: the source is locked against writers, so they are stable for the whole copy.
    const rows = await source.query<Record<string, unknown> & { __rowid: number }>(
      `SELECT rowid AS __rowid, ${select} FROM "${table.name}" WHERE rowid > $1 ORDER BY rowid LIMIT ${perInsert}`,
      [after],
    );
    if (rows.length === 0) return;
    after = Number(rows.at(-1)?.__rowid);
    const params: SqlParam[] = [];
    const tuples = rows.map((row) => {
      const placeholders = table.columns.map((column) => {
        params.push(row[column.name] as SqlParam);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await tx.execute(`INSERT INTO "${table.name}" (${names}) VALUES ${tuples.join(', ')}`, params);
  }
}

/**
 * Every sequence of the target continues after the source's: past its last value there (ids of deleted
 * rows are not handed out again) and past the highest id copied.
 */
async function continueSequences(source: DuckDbConfigStore, tx: Sql): Promise<void> {
  const used = await source.query<{ name: string; last: number | null }>(
    "SELECT sequence_name AS name, last_value AS last FROM duckdb_sequences() WHERE schema_name = 'main'",
  );
  const lastInSource = new Map(used.map((row) => [row.name, Number(row.last ?? 0)]));
  const owners = await tx.query<{ table_name: string; column_name: string; sequence: string }>(
    `SELECT table_name, column_name, substring(column_default from 'nextval\\(''([^'']+)''') AS sequence
      FROM information_schema.columns WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`,
  );
  for (const owner of owners) {
    const highest = await tx.query<{ n: number | null }>(
      `SELECT max("${owner.column_name}") AS n FROM "${owner.table_name}"`,
    );
    const sequence = owner.sequence.replace(/^.*\./, '');
    const next = Math.max(Number(highest[0]?.n ?? 0), lastInSource.get(sequence) ?? 0);
    if (next > 0) await tx.query('SELECT setval(CAST($1 AS regclass), $2, true)', [owner.sequence, next]);
    else await tx.query('SELECT setval(CAST($1 AS regclass), 1, false)', [owner.sequence]);
  }
}

export interface CopyConfigOptions {
  /** Empty the target's tables first, in the same transaction (prepareConfigTarget checked the rest). */
  replace: boolean;
  /** Written last, in the same transaction: e.g. the master key check the nodes compare theirs with. */
  extraSettings?: Record<string, string>;
}

/** Copies every table; resolves to the counts, which matched (else nothing was committed). */
export async function copyConfig(
  source: DuckDbConfigStore,
  target: PostgresConfigStore,
  options: CopyConfigOptions,
): Promise<TableCount[]> {
  const tables = await sourceTables(source);
  const inTarget = await targetColumns(target);
  for (const table of tables) {
    const columns = inTarget.get(table.name);
    const missing = columns ? table.columns.filter((column) => !columns.has(column.name)) : table.columns;
    if (missing.length > 0) {
      throw new CopyMismatchError(
        `The target has no ${columns ? `column ${missing.map((c) => c.name).join(', ')} in` : 'table'} ${table.name}.`,
      );
    }
  }
  const counts: TableCount[] = [];
  for (const table of tables)
    counts.push({ table: table.name, source: await countRows(source, table.name), target: 0 });
  await target.transaction(async (tx) => {
    if (options.replace) {
      for (const table of inTarget.keys()) {
        if (!SKIPPED_TABLES.has(table)) await tx.execute(`DELETE FROM "${table}"`);
      }
    }
    for (const table of tables) await copyTable(source, tx, table);
    for (const count of counts) count.target = await countRows(tx, count.table);
    const wrong = counts.filter((count) => count.source !== count.target);
    if (wrong.length > 0) {
      throw new CopyMismatchError(
        `Row counts differ after the copy (${wrong.map((c) => `${c.table}: ${c.source} in the source, ${c.target} in the target`).join('; ')}); nothing was committed.`,
      );
    }
    await continueSequences(source, tx);
    for (const [key, value] of Object.entries(options.extraSettings ?? {})) {
      await tx.execute(
        'INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        [key, value],
      );
    }
  });
  return counts;
}
