import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { columnName, type InsertColumn, type SqlParam } from './port.ts';

// `Sql.insert` on DuckDB: rows go through the appender, which skips the parser and planner that a
// multi-row VALUES pays per value (measured: 25 rows of 9 columns took 2.1 ms appended against 4.4 ms
// as a bound statement). The appender writes whole rows in the table's own column order, fills a column
// left out with its default only when that default is a constant, and runs inside the connection's
// open transaction like any statement, constraints checked.

interface TableLayout {
  /** Column names in table order. */
  columns: string[];
  /** Column name -> its sequence, for defaults the appender cannot evaluate (nextval). */
  sequences: Map<string, string>;
}

/** Per connection: table name -> layout, cleared when a statement may change a table. */
export type TableLayouts = Map<string, TableLayout>;

/**
 * Per connection: sequence name -> values drawn from it and not used yet, cleared with the layouts.
 * Drawing is a query of its own (~80 µs of the event loop per insert); drawing SEQUENCE_RESERVE at a time
 * pays it once per few hundred rows. Sequences are not transactional in any case, so values left unused
 * (a rollback, a restart) are gaps, as a rolled-back nextval always was.
 */
export type SequenceReserves = Map<string, bigint[]>;

const SEQUENCE_RESERVE = 256;

async function drawFrom(
  connection: DuckDBConnection,
  reserves: SequenceReserves,
  sequence: string,
  count: number,
): Promise<bigint[]> {
  let reserved = reserves.get(sequence) ?? [];
  if (reserved.length < count) {
    const reader = await connection.runAndReadAll(
      `SELECT nextval('${sequence.replace(/'/g, "''")}') AS v FROM range(${Math.max(count - reserved.length, SEQUENCE_RESERVE)})`,
    );
    reserved = [...reserved, ...reader.getRowObjectsJS().map((row) => row.v as bigint)];
  }
  reserves.set(sequence, reserved.slice(count));
  return reserved.slice(0, count);
}

const NEXTVAL = /^nextval\('([^']+)'\)$/i;

async function layoutOf(connection: DuckDBConnection, layouts: TableLayouts, table: string) {
  const known = layouts.get(table);
  if (known) return known;
  const reader = await connection.runAndReadAll(
    `SELECT column_name, column_default FROM duckdb_columns()
      WHERE table_name = $1 AND schema_name = current_schema() ORDER BY column_index`,
    [table],
  );
  const layout: TableLayout = { columns: [], sequences: new Map() };
  for (const row of reader.getRowObjectsJS()) {
    const name = String(row.column_name);
    layout.columns.push(name);
    const sequence = NEXTVAL.exec(String(row.column_default ?? '').trim())?.[1];
    if (sequence) layout.sequences.set(name, sequence);
  }
  if (layout.columns.length === 0) throw new Error(`Table ${table} does not exist`);
  layouts.set(table, layout);
  return layout;
}

function appendValue(appender: DuckDBAppender, value: SqlParam | undefined): void {
  if (value === null || value === undefined) appender.appendNull();
  else if (typeof value === 'string') appender.appendVarchar(value);
  else if (typeof value === 'boolean') appender.appendBoolean(value);
  else if (typeof value === 'bigint') appender.appendBigInt(value);
  else if (Number.isInteger(value)) appender.appendBigInt(BigInt(value));
  else appender.appendDouble(value);
}

export async function appendRows(
  connection: DuckDBConnection,
  layouts: TableLayouts,
  reserves: SequenceReserves,
  table: string,
  columns: readonly InsertColumn[],
  rows: readonly (readonly SqlParam[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const layout = await layoutOf(connection, layouts, table);
  const given = new Map(columns.map((column, index) => [columnName(column), index]));
  for (const name of given.keys()) {
    if (!layout.columns.includes(name)) throw new Error(`Table ${table} has no column ${name}`);
  }
  const drawn = new Map<string, SqlParam[]>();
  for (const [name, sequence] of layout.sequences) {
    if (!given.has(name)) drawn.set(name, await drawFrom(connection, reserves, sequence, rows.length));
  }
  const appender = await connection.createAppender(table);
  // A failed append (a duplicate key) is what the caller must see, not closing's complaint about it.
  let failure: unknown = null;
  try {
    rows.forEach((row, rowIndex) => {
      for (const name of layout.columns) {
        const index = given.get(name);
        const sequenceValues = drawn.get(name);
        if (index !== undefined) appendValue(appender, row[index]);
        else if (sequenceValues) appendValue(appender, sequenceValues[rowIndex]);
        else appender.appendDefault();
      }
      appender.endRow();
    });
    appender.flushSync();
  } catch (error) {
    failure = error;
  }
  try {
    appender.closeSync();
  } catch (error) {
    failure ??= error;
  }
  if (failure) throw failure;
}
