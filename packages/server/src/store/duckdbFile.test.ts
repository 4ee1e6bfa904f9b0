import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/server.ts';
import { DuckDbConfigStore } from './config/duckdb.ts';
import { ensureDuckDbFile } from './duckdbFile.ts';
import { DuckDbEventStore } from './events/duckdb.ts';

/** The file a kill -9 leaves when it lands while DuckDB writes a new file's headers: only the first. */
async function partMadeFile(file: string): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  instance.closeSync();
  fs.truncateSync(file, 4096);
}

describe('a new DuckDB file', () => {
  it('is whole once it is there, with nothing left beside it', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    await ensureDuckDbFile(file, { storage_compatibility_version: 'v1.5.0' });
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(3 * 4096);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['events.duckdb']);
    const store = await DuckDbEventStore.open(file);
    await store.close();
  });

  it('makes the file again after a start killed while making it', async () => {
    const dir = tempDir();
    const events = path.join(dir, 'events.duckdb');
    await partMadeFile(`${events}.creating`);
    const store = await DuckDbEventStore.open(events);
    await store.close();
    const config = path.join(dir, 'cairn.duckdb');
    fs.writeFileSync(`${config}.creating`, 'left by a start killed while making the file');
    const configStore = await DuckDbConfigStore.open(config);
    await configStore.close();
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.creating'))).toEqual([]);
  });

  it('never replaces a file that is there, even one too short to open (it is for the operator to restore)', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    await partMadeFile(file);
    await expect(DuckDbEventStore.open(file)).rejects.toThrow(/Could not read enough bytes/);
    expect(fs.statSync(file).size).toBe(4096);
  });

  it('leaves a file that holds data as it is', async () => {
    const file = path.join(tempDir(), 'cairn.duckdb');
    const first = await DuckDbConfigStore.open(file);
    await first.execute('CREATE TABLE kept (n INTEGER)');
    await first.execute('INSERT INTO kept VALUES (42)');
    await first.close();
    const again = await DuckDbConfigStore.open(file);
    expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 42 }]);
    await again.close();
  });
});
