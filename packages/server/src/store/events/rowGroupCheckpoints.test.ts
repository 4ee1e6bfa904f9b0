import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support.ts';
import { sampleClick } from '../../tracking/sampleEvents.ts';
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

const freeBlocks = async (store: DuckDbEventStore) =>
  Number((await store.query<{ free_blocks: number }>('PRAGMA database_size'))[0]?.free_blocks);

describe('events.duckdb under the flusher’s small batches', () => {
  it('writes each row group once, leaving no free space behind, across a restart', async () => {
    const file = path.join(tempDir(), 'events.duckdb');
    // DuckDB's own checkpoints every 16 MB of log rewrote the growing row group several times: this
    // much left 9, 28 and 65 free blocks of 256 kB at the three checks below, against 0, 0 and 1 now.
    const first = Math.round(ROW_GROUP_ROWS * 1.6);
    let store = await DuckDbEventStore.open(file);
    await appendInBatches(store, 0, first);
    expect(await freeBlocks(store)).toBeLessThanOrEqual(3);
    await store.close();

    // The second run starts mid row group, as every start does.
    store = await DuckDbEventStore.open(file);
    const second = Math.round(ROW_GROUP_ROWS * 1.6);
    await appendInBatches(store, first, second);
    expect(await freeBlocks(store)).toBeLessThanOrEqual(3);
    await store.close();

    store = await DuckDbEventStore.open(file);
    const total = first + second;
    const [count] = await store.query<{ n: number }>('SELECT count(DISTINCT click_id) AS n FROM events');
    expect(Number(count?.n)).toBe(total);
    expect(await freeBlocks(store)).toBeLessThanOrEqual(3);
    await store.close();
  }, 120_000);
});
