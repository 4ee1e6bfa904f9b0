import type { DuckDBInstance, DuckDBValue } from '@duckdb/node-api';
import { normalizeRow } from '../config/duckdb.ts';
import { stringLiteral } from './duckdbValues.ts';
import { duckdbExportSelect } from './exportSql.ts';
import type { EventExportSpec, Row, SqlParam } from './port.ts';

/**
 * A read's rows a chunk (DuckDB's vector, 2048 rows) at a time, on a connection of its own: a long read
 * (a report's export) keeps no report waiting on the reader connection, and DuckDB produces each chunk
 * as it is fetched, so the whole result is never held at once. The connection closes with the read,
 * also when the caller stops early (a download cancelled).
 */
export async function* streamRows<T extends Row = Row>(
  instance: DuckDBInstance,
  text: string,
  params: readonly SqlParam[],
): AsyncGenerator<T[]> {
  const connection = await instance.connect();
  try {
    const result = await connection.stream(text, params as DuckDBValue[]);
    for await (const rows of result.yieldRowObjectJs()) {
      yield rows.map((row) => normalizeRow(row) as T);
    }
  } finally {
    connection.closeSync();
  }
}

/**
 * How DuckDB writes an export. In stored order, its threads' row groups wait for each other in memory,
 * which grows with the export (bench:export prints it); unordered and in smaller row groups a Parquet
 * export takes a fraction of that. An export promises no order, so it keeps none.
 */
export const EXPORT_COPY_OPTIONS = {
  parquet: 'FORMAT parquet, PRESERVE_ORDER false, ROW_GROUP_SIZE 32768',
  csv: 'FORMAT csv, HEADER true, PRESERVE_ORDER false',
} as const;

/** An export by DuckDB's own writers (COPY), on a connection of its own: reports and lookups go on meanwhile. */
export async function copyEventsTo(
  instance: DuckDBInstance,
  spec: EventExportSpec,
  file: string,
): Promise<void> {
  const options = EXPORT_COPY_OPTIONS[spec.format];
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${duckdbExportSelect(spec)}) TO ${stringLiteral(file)} (${options})`);
  } finally {
    connection.closeSync();
  }
}
