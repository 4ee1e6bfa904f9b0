import path from 'node:path';
import type { ReportResponse, TriggerInput } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  POSTGRES_SKIP_REASON,
  TEST_POSTGRES_URL,
  type TestPostgres,
  testPostgres,
} from '../../test-support/postgres.ts';
import { tempDir } from '../../test-support/server.ts';
import { metricsOf, zeroSums } from '../reports/metrics.ts';
import type { ReportService } from '../reports/service.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { migrate } from '../store/config/migrate.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { type RunnerDeps, TriggerRunner } from './runner.ts';
import { TriggerStore } from './store.ts';

// Every node schedules the trigger check; a due trigger is checked once across them. Two runners on two
// stores (two nodes on one PostgreSQL, or the embedded store's one process twice) run the due check at the
// same moment: one run is recorded, and a second check before the interval has passed runs nothing.

const MINUTE = 60_000;
const KEY = Buffer.alloc(32, 7);
const NOW = Date.parse('2026-03-04T10:30:00Z');

/** The numbers both nodes read: one campaign over the threshold (the report service's answer shape). */
const reports = {
  report: async (): Promise<ReportResponse> => ({
    rows: [
      {
        dimension: 'campaign',
        value: 1,
        name: 'C',
        metrics: metricsOf({ ...zeroSums(), clicks: 500, cost: 1_000_000 }),
      },
    ],
    totals: metricsOf(zeroSums()),
    range: { from: null, to: null },
    total: 1,
    nextOffset: null,
  }),
} as unknown as ReportService;

const rule: TriggerInput = {
  name: 'Busy',
  enabled: true,
  dryRun: true,
  scope: { dimension: 'campaign', filters: {} },
  window: { unit: 'hours', amount: 1 },
  conditions: { combine: 'and', items: [{ metric: 'clicks', operator: '>=', value: 300 }] },
  minClicks: 0,
  checkEveryMinutes: 15,
  cooldownMinutes: 0,
  actions: [],
};

function runnerOn(store: ConfigStore): TriggerRunner {
  const deps = { store, triggers: new TriggerStore(store, KEY), reports } as Omit<
    RunnerDeps,
    'actions' | 'notify'
  >;
  // A dry run neither acts nor notifies: those dependencies are never reached.
  return new TriggerRunner(deps as RunnerDeps);
}

function describeNodes(name: string, nodes: () => Promise<[ConfigStore, ConfigStore]>, skip = false): void {
  describe.skipIf(skip)(`trigger checks: ${name}`, () => {
    it('checks a due trigger once across the nodes, and again once its interval has passed', async () => {
      const [a, b] = await nodes();
      const id = await new TriggerStore(a, KEY).create(rule, 1, NOW - 60 * MINUTE);
      let now = NOW;
      const clock = () => now;
      const [first, second] = await Promise.all([runnerOn(a).runDue(clock), runnerOn(b).runDue(clock)]);
      expect(first + second).toBe(1);
      expect(await runnerOn(b).runDue(clock)).toBe(0);
      now += 15 * MINUTE;
      expect(await runnerOn(b).runDue(clock)).toBe(1);
      const runs = await new TriggerStore(a, KEY).runs(id, 10);
      expect(runs.map((run) => [run.at, run.outcome, run.firings.length])).toEqual([
        [new Date(NOW + 15 * MINUTE).toISOString(), 'fired', 1],
        [new Date(NOW).toISOString(), 'fired', 1],
      ]);
    });
  });
}

const duckStores: DuckDbConfigStore[] = [];
afterEach(async () => {
  await Promise.all(duckStores.splice(0).map((store) => store.close()));
});
describeNodes('DuckDB (one process)', async () => {
  const store = await DuckDbConfigStore.open(path.join(tempDir(), 'cairn.duckdb'));
  duckStores.push(store);
  await migrate(store);
  return [store, store];
});

let database: TestPostgres | null = null;
afterEach(async () => {
  await database?.dispose();
  database = null;
});
describeNodes(
  TEST_POSTGRES_URL ? 'PostgreSQL (two nodes)' : `PostgreSQL (${POSTGRES_SKIP_REASON})`,
  async () => {
    database = testPostgres();
    const a = await database.open();
    await migrate(a);
    return [a, await database.open()];
  },
  !TEST_POSTGRES_URL,
);
