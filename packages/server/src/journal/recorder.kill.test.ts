import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/server.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';
import { openRecorder } from './recorder.ts';

// A real `kill -9` of a process recording clicks as fast as it can (and flushing every 5 ms): every id it
// printed after record() returned is in the store exactly once once another recorder opens the data dir.

const child = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test-support/children/recorderKill.ts',
);
const running: ChildProcess[] = [];

afterEach(() => {
  for (const process of running.splice(0)) if (process.exitCode === null) process.kill('SIGKILL');
});

/** Starts the child, lets it record for `ms` after it is ready, kills it -9; the ids it printed. */
function recordThenKill(dataDir: string, ms: number): Promise<string[]> {
  const recording = spawn(process.execPath, [child, dataDir, 'killed-node'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(recording);
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    let killing = false;
    recording.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (!killing && output.startsWith('ready\n')) {
        killing = true;
        setTimeout(() => recording.kill('SIGKILL'), ms);
      }
    });
    recording.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      errors += chunk;
    });
    recording.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(new Error(`the child ended by itself: ${errors}`));
        return;
      }
      // Only whole lines: a line cut short was not printed.
      const lines = output.split('\n').slice(1, -1);
      resolve(lines);
    });
  });
}

describe('click recorder under kill -9', () => {
  it('keeps every recorded click exactly once', async () => {
    const dataDir = tempDir('cairn-kill-');
    const printed = await recordThenKill(dataDir, 1000);
    expect(printed.length).toBeGreaterThan(0);
    expect(printed.every((id) => /^[0-9a-z]{23}$/.test(id))).toBe(true);

    const store = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'));
    try {
      const recorder = await openRecorder({ dataDir, nodeId: 'killed-node', store, intervalMs: 3_600_000 });
      await recorder.close();
      const rows = await store.query<{ click_id: string; n: number }>(
        'SELECT click_id, count(*) AS n FROM events GROUP BY click_id',
      );
      const counts = new Map(rows.map((row) => [row.click_id, Number(row.n)]));
      expect(printed.filter((id) => counts.get(id) !== 1)).toEqual([]);
      expect(rows.filter((row) => Number(row.n) !== 1)).toEqual([]);
      expect(fs.readdirSync(path.join(dataDir, 'journal'))).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
