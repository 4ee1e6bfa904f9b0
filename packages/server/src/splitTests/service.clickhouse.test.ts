import { splitTestQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BothStores, describeWithClickHouse, openBothStores } from '../../test-support/clickhouse.ts';
import { everyone, FROM, NOW, scope, seededEvents } from '../../test-support/reports.ts';
import { ReportService } from '../reports/service.ts';
import { SplitTestService } from './service.ts';

// The same seeded clicks and conversions in DuckDB and in ClickHouse: every campaign's split tests are
// the same on both, group by group and number by number, since both read through the report service.

describeWithClickHouse('split tests on DuckDB and ClickHouse', (serverUrl) => {
  let stores: BothStores;
  let onDuck: SplitTestService;
  let onHouse: SplitTestService;

  beforeAll(async () => {
    stores = await openBothStores(
      serverUrl,
      seededEvents(Date.parse(`${FROM}T00:00:00Z`) - 86_400_000, 21),
      'seed',
    );
    onDuck = new SplitTestService(new ReportService(stores.duck, stores.config, () => NOW));
    onHouse = new SplitTestService(new ReportService(stores.house, stores.config, () => NOW));
  });
  afterAll(async () => {
    await stores?.close();
  });

  it('answers alike on both stores', async () => {
    const query = splitTestQuerySchema.parse(scope);
    let groups = 0;
    for (const campaignId of [1, 2, 3, 4, 5, 6]) {
      const duck = await onDuck.campaign(campaignId, query, everyone);
      expect(await onHouse.campaign(campaignId, query, everyone)).toEqual(duck);
      groups += duck.groups.length;
    }
    // The seeded clicks rotate four offers and three landers on every path: there is something to compare.
    expect(groups).toBeGreaterThan(6);
  });
});
