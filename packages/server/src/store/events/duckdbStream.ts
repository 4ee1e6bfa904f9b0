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

/** An export by DuckDB's own writers (COPY), on a connection of its own: reports and lookups go on meanwhile. */
export async function copyEventsTo(
  instance: DuckDBInstance,
  spec: EventExportSpec,
  file: string,
): Promise<void> {
  const options = spec.format === 'parquet' ? 'FORMAT parquet' : 'FORMAT csv, HEADER true';
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${duckdbExportSelect(spec)}) TO ${stringLiteral(file)} (${options})`);
  } finally {
    connection.closeSync();
  }
}
