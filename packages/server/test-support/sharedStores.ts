import { describe, it } from 'vitest';
import { CLICKHOUSE_SKIP_REASON, TEST_CLICKHOUSE_URL } from './clickhouse.ts';
import { POSTGRES_SKIP_REASON, TEST_POSTGRES_URL } from './postgres.ts';

/**
 * `suite` under `title` with the ClickHouse test server's URL, for tests of the stores a cluster shares
 * (PostgreSQL for configuration, ClickHouse for events). Without either server the suite is not even
 * collected (its setup would reach for the missing server): one skipped test says which is missing and
 * how to start it.
 */
export function describeOnSharedStores(title: string, suite: (clickhouseUrl: string) => void): void {
  const skipReason = !TEST_POSTGRES_URL
    ? POSTGRES_SKIP_REASON
    : !TEST_CLICKHOUSE_URL
      ? CLICKHOUSE_SKIP_REASON
      : '';
  if (skipReason !== '' || TEST_CLICKHOUSE_URL === undefined) {
    describe.skip(title, () => {
      it(skipReason, () => {});
    });
    return;
  }
  const clickhouseUrl = TEST_CLICKHOUSE_URL;
  describe(title, () => suite(clickhouseUrl));
}
