import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/server.ts';

const storeModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'duckdb.ts');

/** The event store's DuckDB thread count in a node process started on `cores` (taskset's list). */
function threadsOn(cores: string): number {
  const script = `
    const { DuckDbEventStore } = await import(${JSON.stringify(storeModule)});
    const store = await DuckDbEventStore.open(${JSON.stringify(path.join(tempDir(), 'events.duckdb'))});
    const [row] = await store.query("SELECT current_setting('threads') AS threads");
    await store.close();
    process.stdout.write(String(row.threads));`;
  const out = execFileSync('taskset', ['-c', cores, process.execPath, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return Number(out.trim());
}

describe('the DuckDB event store’s threads', () => {
  it('are as many as the cores the process may run on, not the machine’s', () => {
    expect(threadsOn('0')).toBe(1);
    const all = `0-${os.cpus().length - 1}`;
    expect(threadsOn(all)).toBe(os.cpus().length);
  }, 60_000);
});
