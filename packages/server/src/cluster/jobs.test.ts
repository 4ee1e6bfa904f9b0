import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { tempDir } from '../../test-support/server.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { scheduleJob, withJobLock } from './jobs.ts';

function gate(): { open: () => void; opened: Promise<void> } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

function describeJobLocks(
  name: string,
  nodes: () => Promise<[ConfigStore, ConfigStore]>,
  skip = false,
): void {
  describe.skipIf(skip)(`job claims: ${name}`, () => {
    it('refuses a job to the second caller while the first runs it, and frees it afterwards', async () => {
      const [a, b] = await nodes();
      const started = gate();
      const finish = gate();
      const first = withJobLock(a, 'retention', async () => {
        started.open();
        await finish.opened;
        return 'first';
      });
      await started.opened;
      let ranSecond = false;
      expect(
        await withJobLock(b, 'retention', async () => {
          ranSecond = true;
        }),
      ).toEqual({ ran: false });
      expect(ranSecond).toBe(false);
      // Another job is not held by this one.
      expect(await withJobLock(b, 's2s-outbox', async () => 'other')).toEqual({ ran: true, value: 'other' });
      finish.open();
      expect(await first).toEqual({ ran: true, value: 'first' });
      expect(await withJobLock(b, 'retention', async () => 'second')).toEqual({ ran: true, value: 'second' });
    });

    it('frees a job whose run failed', async () => {
      const [a, b] = await nodes();
      const failure = new Error('retention failed');
      await expect(withJobLock(a, 'retention', () => Promise.reject(failure))).rejects.toBe(failure);
      expect(await withJobLock(b, 'retention', async () => 'after')).toEqual({ ran: true, value: 'after' });
    });

    it('runs a scheduled job on one node at a time', async () => {
      const [a, b] = await nodes();
      let running = 0;
      let most = 0;
      let runs = 0;
      const errors: unknown[] = [];
      const work = async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 15));
        running -= 1;
        runs += 1;
      };
      const jobs = [
        scheduleJob(a, 'rollup', 5, work, (error) => errors.push(error)),
        scheduleJob(b, 'rollup', 5, work, (error) => errors.push(error)),
      ];
      while (runs < 4) await new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all(jobs.map((job) => job.stop()));
      expect(most).toBe(1);
      expect(errors).toEqual([]);
    });
  });
}

// The embedded store has one process: both "nodes" are that process's store.
const duckStores: DuckDbConfigStore[] = [];
afterEach(async () => {
  await Promise.all(duckStores.splice(0).map((store) => store.close()));
});
describeJobLocks('DuckDB (one process)', async () => {
  const store = await DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb'));
  duckStores.push(store);
  return [store, store];
});

let database: TestPostgres | null = null;
afterEach(async () => {
  await database?.dispose();
  database = null;
});
describeJobLocks(
  TEST_POSTGRES_URL ? 'PostgreSQL (two nodes)' : `PostgreSQL (${POSTGRES_SKIP_REASON})`,
  async () => {
    database = testPostgres();
    return [await database.open(), await database.open()];
  },
  !TEST_POSTGRES_URL,
);
