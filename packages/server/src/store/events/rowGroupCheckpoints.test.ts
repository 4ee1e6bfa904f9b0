import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleClick } from '../../../test-support/sampleEvents.ts';
import { tempDir } from '../../../test-support/server.ts';
import { Flusher } from '../../journal/flusher.ts';
import { Journal } from '../../journal/journal.ts';
import { DuckDbEventStore } from './duckdb.ts';
import { ROW_GROUP_ROWS } from './rowGroupCheckpoints.ts';

const BATCH = 3000;
const START = Date.parse('2026-03-01T00:00:00Z');

async function appendInBatches(store: DuckDbEventStore, from: number, rows: number): Promise<void> {
  for (let done = 0; done < rows; done += BATCH) {
    const size = Math.min(BATCH, rows - done);
    await store.append(
      Array.from({ length: size }, (_, index) => sampleClick(START + (from + done + index) * 10)),
    );
  }
}

// The report summary is refreshed by the test, not on its timer: the store's other writes then land at
// the same points every run, so the free blocks left are the same every run.
const NO_SUMMARY_TIMER = { refreshSummaryOnTimer: false };

const freeBlocks = async (store: DuckDbEventStore) =>
  Number((await store.query<{ free_blocks: number }>('PRAGMA database_size'))[0]?.free_blocks);

describe('events.duckdb under the flusher’s small batches', () => {
  it('writes each row group once, leaving no free space behind, in each run', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    // DuckDB's own checkpoints every 16 MB of log rewrote the growing row group several times: this
    // much left 9 and 28 free blocks of 256 kB at the two checks below, against 0 and 0 now.
    const first = Math.round(ROW_GROUP_ROWS * 1.6);
    let store = await DuckDbEventStore.open(file, NO_SUMMARY_TIMER);
    await appendInBatches(store, 0, first);
    expect(await freeBlocks(store)).toBeLessThanOrEqual(3);
    await store.close();

    // The second run starts after the close's checkpoint wrote a partial row group, as every start does.
    // Closing merges partial row groups, whose old blocks stay free until later checkpoints reuse them,
    // so what is held to no free space is the run's own appends: no more than the start began with.
    store = await DuckDbEventStore.open(file, NO_SUMMARY_TIMER);
    const atStart = await freeBlocks(store);
    const second = Math.round(ROW_GROUP_ROWS * 1.6);
    await appendInBatches(store, first, second);
    expect(await freeBlocks(store)).toBeLessThanOrEqual(atStart + 3);
    await store.close();

    store = await DuckDbEventStore.open(file, NO_SUMMARY_TIMER);
    const total = first + second;
    const [count] = await store.query<{ n: number }>('SELECT count(DISTINCT click_id) AS n FROM events');
    expect(Number(count?.n)).toBe(total);
    await store.close();
  }, 120_000);
});

describe('events.duckdb under the flusher’s catch-ups', () => {
  it('stores a burst’s backlog in appends that end at a row group, leaving no free space', async () => {
    const dataDir = tempDir();
    const store = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'), NO_SUMMARY_TIMER);
    const quiet = () => undefined;
    const journal = Journal.open(path.join(dataDir, 'journal'), {
      storedUpTo: -1,
      logger: { warn: quiet, error: quiet },
    });
    const flusher = new Flusher(journal, { nodeId: 'node-a', store, logger: { warn: quiet, error: quiet } });
    let clicks = 0;
    const journalClicks = (count: number) => {
      for (let index = 0; index < count; index += 1) {
        journal.append(sampleClick(START + clicks * 10));
        clicks += 1;
      }
    };
    // bench:click's pattern: live flushes of a few thousand clicks, then a burst's backlog of 100,000 or
    // more at once. Appending each backlog 50 segments at a time, whatever the row group, left dozens of
    // free blocks of 256 kB here.
    const flushAndSum = async () => {
      await flusher.flush();
      await store.refreshSummary();
    };
    for (let round = 0; round < 4; round += 1) {
      for (let live = 0; live < 3; live += 1) {
        journalClicks(2000);
        await flushAndSum();
      }
      journalClicks(100_000 + round * 14_000);
      await flushAndSum();
    }
    expect(flusher.stats().backlogEvents).toBe(0);
    const [count] = await store.query<{ n: number }>('SELECT count(DISTINCT click_id) AS n FROM events');
    expect(Number(count?.n)).toBe(clicks);
    expect(await freeBlocks(store)).toBeLessThanOrEqual(3);
    journal.close();
    await store.close();
  }, 180_000);
});
