import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { ClickHouseClient } from '@clickhouse/client';
import { DuckDBInstance } from '@duckdb/node-api';
import { EXPORT_COPY_OPTIONS } from './duckdbStream.ts';
import { stringLiteral as duckdbString } from './duckdbValues.ts';
import { clickhouseExportSelect, exportCsvColumns } from './exportSql.ts';
import type { EventExportSpec } from './port.ts';

/**
 * Raw-event exports from ClickHouse: its own CSVWithNames or Parquet, streamed to the file as the server
 * sends it. A server without the Parquet format (before 19.x, e.g. 18.16) sends CSV to a file beside the
 * target that DuckDB's Parquet writer then reads as a stream: the same columns and types as the embedded
 * store's export.
 */
export class ClickHouseExports {
  private readonly client: ClickHouseClient;
  /** False once the server answered that it has no Parquet format; its version does not change under a node. */
  private writesParquet = true;

  constructor(client: ClickHouseClient) {
    this.client = client;
  }

  async write(spec: EventExportSpec, file: string): Promise<void> {
    const select = clickhouseExportSelect(spec);
    if (spec.format === 'csv') return this.streamTo(`${select} FORMAT CSVWithNames`, file);
    if (this.writesParquet) {
      try {
        await this.streamTo(`${select} FORMAT Parquet`, file);
        return;
      } catch (error) {
        if (!/Unknown format Parquet/i.test(String((error as Error).message))) throw error;
        this.writesParquet = false;
      }
    }
    const csv = `${file}.${crypto.randomBytes(4).toString('hex')}.csv`;
    try {
      await this.streamTo(`${select} FORMAT CSVWithNames`, csv);
      const duck = await DuckDBInstance.create(':memory:');
      const connection = await duck.connect();
      try {
        await connection.run(
          `COPY (SELECT * FROM read_csv(${duckdbString(csv)}, header = true, quote = '"', escape = '"', columns = ${exportCsvColumns()})) TO ${duckdbString(file)} (${EXPORT_COPY_OPTIONS.parquet})`,
        );
      } finally {
        connection.closeSync();
        duck.closeSync();
      }
    } finally {
      await fsp.rm(csv, { force: true });
    }
  }

  private async streamTo(query: string, file: string): Promise<void> {
    const result = await this.client.exec({
      query,
      clickhouse_settings: { output_format_json_quote_64bit_integers: 0 },
    });
    await pipeline(result.stream, fs.createWriteStream(file));
  }
}
