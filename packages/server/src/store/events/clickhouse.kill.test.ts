import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@clickhouse/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { databaseUrl, freshDatabaseName, TEST_CLICKHOUSE_URL } from '../../../test-support/clickhouse.ts';
import { tempDir } from '../../../test-support/server.ts';
import { openRecorder } from '../../journal/recorder.ts';
import { ClickHouseEventStore } from './clickhouse.ts';

// `kill -9` of a process recording clicks into ClickHouse (flushing every 20 ms), several times over the same
// data dir: ClickHouse has no transaction around a batch and its mark, so a kill between the two leaves
// events whose segment is replayed. Every id printed after record() returned must be stored exactly once
// after the next recorder opens, and findClick must find it. The events table is a ReplacingMergeTree: a
// background merge would fold a click stored twice into one row before it is counted, so merges stay
// stopped on this test's table (as in the two-node test) and a double remains visible to the count.
const url = TEST_CLICKHOUSE_URL;
const child = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../test-support/children/clickhouseKill.ts',
);
const running: ChildProcess[] = [];

afterEach(() => {
  for (const recording of running.splice(0)) if (recording.exitCode === null) recording.kill('SIGKILL');
});

function recordThenKill(dataDir: string, location: string, ms: number): Promise<string[]> {
  const recording = spawn(process.execPath, [child, dataDir, 'killed-node', location], {
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
      if (signal !== 'SIGKILL') reject(new Error(`the child ended by itself: ${errors}`));
      // Only whole lines: a line cut short was not printed.
      else resolve(output.split('\n').slice(1, -1));
    });
  });
}

describe.skipIf(!url)('click recorder on ClickHouse under kill -9', () => {
  const database = freshDatabaseName();
  const location = databaseUrl(url ?? '', database);

  afterAll(async () => {
    const admin = createClient({ url });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    await admin.close();
  });

  it('keeps every recorded click exactly once across repeated kills', { timeout: 120_000 }, async () => {
    const dataDir = tempDir('cairn-ch-kill-');
    // The store makes the database and its tables, so merges can be stopped before the first click.
    await (await ClickHouseEventStore.open({ url: location })).close();
    const admin = createClient({ url, database });
    try {
      await admin.command({ query: 'SYSTEM STOP MERGES events' });
    } finally {
      await admin.close();
    }
    const printed: string[] = [];
    // Kills at different points of the flush cycle (each append is several requests).
    for (const ms of [900, 1300, 1700]) {
      for (const id of await recordThenKill(dataDir, location, ms)) printed.push(id);
    }
    expect(printed.length).toBeGreaterThan(0);

    const store = await ClickHouseEventStore.open({ url: location });
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
      const last = printed.at(-1) as string;
      const [{ ms } = { ms: 0 }] = await store.query<{ ms: number }>(
        `SELECT toUInt64(ts) * 1000 + ts_ms AS ms FROM events WHERE click_id = '${last}'`,
      );
      expect((await store.findClick(last, Number(ms)))?.clickId).toBe(last);
    } finally {
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
