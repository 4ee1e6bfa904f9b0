import crypto from 'node:crypto';
import { describe } from 'vitest';

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
