import crypto from 'node:crypto';
import path from 'node:path';
import { createClient } from '@clickhouse/client';
import { describe } from 'vitest';
import type { TrackingEvent } from '../src/events/event.ts';
import { DuckDbConfigStore } from '../src/store/config/duckdb.ts';
import { migrate } from '../src/store/config/migrate.ts';
import { ClickHouseEventStore } from '../src/store/events/clickhouse.ts';
import { DuckDbEventStore } from '../src/store/events/duckdb.ts';
import type { EventStore } from '../src/store/events/port.ts';
import { tempDir } from './server.ts';

// Tests against a real ClickHouse (`eval "$(.ci/clickhouse.sh start)"` starts one and prints the
// variable). Each suite works in a database of its own, so test files running at once never meet.

/** The server the ClickHouse tests use; unset skips them. */
export const TEST_CLICKHOUSE_URL: string | undefined = process.env.CAIRN_TEST_CLICKHOUSE_URL || undefined;

export const CLICKHOUSE_SKIP_REASON =
  'skipped: CAIRN_TEST_CLICKHOUSE_URL is not set (eval "$(.ci/clickhouse.sh start)" starts a server and sets it)';

export function freshDatabaseName(): string {
  return `cairn_test_${crypto.randomBytes(6).toString('hex')}`;
}

/** The URL of one database on the test server. */
export function databaseUrl(serverUrl: string, database: string): string {
  return `${serverUrl.replace(/\/$/, '')}/${database}`;
}

/** `suite` under `title` with the test server's URL; without one, skipped, its title saying how to start a server. */
export function describeWithClickHouse(title: string, suite: (serverUrl: string) => void): void {
  const url = TEST_CLICKHOUSE_URL;
  describe.skipIf(!url)(url ? title : `${title} (${CLICKHOUSE_SKIP_REASON})`, () => suite(url ?? ''));
}

/** The same events in a fresh DuckDB and a fresh ClickHouse database, with a migrated config store beside them. */
export interface BothStores {
  config: DuckDbConfigStore;
  duck: EventStore;
  house: EventStore;
  /** Closes the three and drops the ClickHouse database. */
  close(): Promise<void>;
}

export async function openBothStores(
  serverUrl: string,
  events: readonly TrackingEvent[],
  source: string,
): Promise<BothStores> {
  const dir = tempDir();
  const database = freshDatabaseName();
  const config = await DuckDbConfigStore.open(path.join(dir, 'cairn.duckdb'));
  await migrate(config);
  const duck = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'));
  const house = await ClickHouseEventStore.open({ url: databaseUrl(serverUrl, database) });
  await duck.append(events);
  await house.append(events, { source, position: 1 });
  return {
    config,
    duck,
    house,
    async close() {
      await duck.close();
      await house.close();
      await config.close();
      const admin = createClient({ url: serverUrl });
      await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      await admin.close();
    },
  };
}
