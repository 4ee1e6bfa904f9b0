import { describe, it } from 'vitest';
import { CLICKHOUSE_SKIP_REASON, TEST_CLICKHOUSE_URL } from './clickhouse.ts';
import { POSTGRES_SKIP_REASON, TEST_POSTGRES_URL } from './postgres.ts';

/**
 * `suite` under `title` with the ClickHouse test server's URL, for tests of the stores a cluster shares
 * (PostgreSQL for configuration, ClickHouse for events); skipped when either server is missing, as
 * describeWithClickHouse does. Its setup reaches for both servers, so without them the suite is not even
 * collected: one test in its place names the missing server and how to start it.
 */
export function describeOnSharedStores(title: string, suite: (clickhouseUrl: string) => void): void {
  const url = TEST_POSTGRES_URL ? TEST_CLICKHOUSE_URL : undefined;
  const skipReason = !TEST_POSTGRES_URL ? POSTGRES_SKIP_REASON : CLICKHOUSE_SKIP_REASON;
  describe.skipIf(!url)(url ? title : `${title} (${skipReason})`, () => {
    if (url) suite(url);
    else it(skipReason, () => {});
  });
}
