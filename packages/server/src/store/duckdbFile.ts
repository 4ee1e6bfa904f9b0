import fs from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';

// DuckDB writes a new file's three 4 kB headers as it creates it. A `kill -9` in between (the first start
// of a data dir, killed in its first second) left a file with part of them, which no later start could
// open. So a new file is made under a temporary name and renamed into place only once DuckDB has written
// and closed it: the file is either whole or not there.

/**
 * Makes `file` an empty DuckDB database with `options` (those that only count at creation, such as the
 * storage version) when there is no file yet; what a start killed here left is made again. A file that
 * is there is never touched, however damaged: it may hold data, and restoring it is the operator's call.
 */
export async function ensureDuckDbFile(file: string, options: Record<string, string> = {}): Promise<void> {
  if (fs.existsSync(file)) return;
  const creating = `${file}.creating`;
  fs.rmSync(creating, { force: true });
  fs.rmSync(`${creating}.wal`, { force: true });
  const instance = await DuckDBInstance.create(creating, options);
  instance.closeSync();
  fs.renameSync(creating, file);
}
