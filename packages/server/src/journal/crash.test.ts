import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { campaignOn, killNode, startNode, stopNode } from '../../test-support/processes.ts';
import { tempDir } from '../../test-support/server.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';

// `kill -9` under load: every click that got an answer is in the event store exactly once after a
// restart on the same data dir (the journal is replayed; stored segments are not stored twice).

const PASSWORD = 'crash-test-Password-71';
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('crash safety of the click journal', () => {
  it('keeps every answered click exactly once across a kill -9 under load', async () => {
    const dataDir = tempDir('cairn-crash-');
    const first = await startNode({ dataDir, adminPassword: PASSWORD }, children);
    const campaign = await campaignOn(first, PASSWORD);

    const answered: string[] = [];
    let stop = false;
    const worker = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${first.url}/click?key=${campaign.key}`, { redirect: 'manual' });
          const location = response.headers.get('location');
          if (response.status === 302 && location)
            answered.push(new URL(location).searchParams.get('c') ?? '');
        } catch {
          // The server is gone: what had no answer was never promised.
          return;
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await killNode(first);
    stop = true;
    await Promise.all(workers);
    expect(answered.length).toBeGreaterThan(50);

    const second = await startNode({ dataDir, adminPassword: PASSWORD }, children);
    // Let the restarted server replay its journal, then stop it cleanly to read the event file.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopNode(second);

    const events = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'));
    try {
      const rows = await events.query<{ click_id: string; n: number }>(
        'SELECT click_id, count(*) AS n FROM events WHERE kind = 1 GROUP BY click_id',
      );
      const stored = new Map(rows.map((row) => [row.click_id, Number(row.n)]));
      const missing = answered.filter((id) => !stored.has(id));
      const doubled = [...stored].filter(([, n]) => n > 1);
      expect(missing).toEqual([]);
      expect(doubled).toEqual([]);
    } finally {
      await events.close();
    }
  });
});
