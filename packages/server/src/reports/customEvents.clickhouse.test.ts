import { reportQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BothStores, describeWithClickHouse, openBothStores } from '../../test-support/clickhouse.ts';
import { everyone } from '../../test-support/reports.ts';
import { sampleClick } from '../../test-support/sampleEvents.ts';
import { customEvent } from '../conversions/customEvents.ts';
import type { TrackingEvent } from '../events/event.ts';
import { ReportService } from './service.ts';

// The custom event columns count the same on both stores: event2 counts slot 2's events of each row,
// and no other sum moves for them.

const T0 = Date.parse('2026-03-21T10:00:00.000Z');
const NOW = Date.parse('2026-03-25T12:00:00Z');

function events(): TrackingEvent[] {
  const first = { ...sampleClick(T0), campaignId: 1 };
  const second = { ...sampleClick(T0 + 60_000), campaignId: 2 };
  return [
    first,
    second,
    customEvent(first, 2, T0 + 120_000),
    customEvent(first, 2, T0 + 180_000),
    customEvent(first, 1, T0 + 240_000),
    customEvent(second, 2, T0 + 300_000),
    customEvent(second, 30, T0 + 360_000),
  ];
}

describeWithClickHouse('custom event columns on both stores', (serverUrl) => {
  describe('a report by campaign', () => {
    let stores: BothStores;
    beforeAll(async () => {
      stores = await openBothStores(serverUrl, events(), 'custom-events');
    });
    afterAll(async () => {
      await stores?.close();
    });

    it('counts each slot in its column, on DuckDB and ClickHouse alike', async () => {
      const query = reportQuerySchema.parse({
        groupBy: 'campaign',
        from: '2026-03-21',
        to: '2026-03-21',
        timezone: 'UTC',
      });
      const onDuck = await new ReportService(stores.duck, stores.config, () => NOW).report(query, everyone);
      const onHouse = await new ReportService(stores.house, stores.config, () => NOW).report(query, everyone);
      expect(onHouse).toEqual(onDuck);
      const byCampaign = new Map(onDuck.rows.map((row) => [row.value, row.metrics]));
      expect(byCampaign.get(1)).toMatchObject({
        clicks: 1,
        leads: 0,
        revenue: 0,
        event1: 1,
        event2: 2,
        event30: 0,
      });
      expect(byCampaign.get(2)).toMatchObject({ clicks: 1, leads: 0, event1: 0, event2: 1, event30: 1 });
      expect(onDuck.totals).toMatchObject({ clicks: 2, leads: 0, event2: 3, event30: 1 });
    });

    it('sorts by a custom event column', async () => {
      const query = reportQuerySchema.parse({
        groupBy: 'campaign',
        from: '2026-03-21',
        to: '2026-03-21',
        timezone: 'UTC',
        sort: 'event2',
        order: 'desc',
      });
      const onHouse = await new ReportService(stores.house, stores.config, () => NOW).report(query, everyone);
      expect(onHouse.rows.map((row) => row.value)).toEqual([1, 2]);
    });
  });
});
