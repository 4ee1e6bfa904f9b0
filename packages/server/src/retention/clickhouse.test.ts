import { entityStatsQuerySchema, reportQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BothStores, describeWithClickHouse, openBothStores } from '../../test-support/clickhouse.ts';
import { click, conversion, lpClick } from '../../test-support/reports.ts';
import { mintClickId } from '../events/clickId.ts';
import type { TrackingEvent } from '../events/event.ts';
import { ReportService } from '../reports/service.ts';
import type { DuckDbConfigStore } from '../store/config/duckdb.ts';
import type { EventStore } from '../store/events/port.ts';
import { clearInSteps } from './job.ts';

// The report service over a ClickHouse whose raw events were partly cleared answers as it did before,
// and as DuckDB does: nested reports, time buckets in a zone whose offset is not whole hours (Nepal,
// +5:45), filters, entity stats. The clears span a month boundary, so whole months go as partitions
// and the rest by mutation.

const NOW = Date.parse('2026-03-20T12:00:00Z');
const ZONE = 'Asia/Kathmandu';
const all = { preset: 'all_time', timezone: ZONE };

const KEPT_REPORTS: [string, Record<string, string>][] = [
  ['campaign, then day', { groupBy: 'campaign,day', limit: '10,100', ...all }],
  ['hours', { groupBy: 'hour', ...all }],
  ['offer, country, path', { groupBy: 'offer,country,path', limit: '5,3,2', ...all }],
  ['bot, unique, conversion status', { groupBy: 'bot,unique,conversion_status', ...all }],
  [
    'filtered by country and day',
    { groupBy: 'campaign,os', 'filter[country]': 'DE,US', 'filter[day]': '2026-02-27,2026-03-02', ...all },
  ],
];

function events(): TrackingEvent[] {
  const out: TrackingEvent[] = [];
  let state = 7;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % n;
  };
  const start = Date.parse('2026-02-22T00:00:00Z');
  for (let index = 0; index < 1500; index += 1) {
    const time = start + next(20 * 86_400) * 1000 + next(1000);
    const iso = new Date(time).toISOString();
    const base = click(mintClickId(time), iso, {
      campaignId: 1 + next(3),
      offerId: 1 + next(3),
      path: 1 + next(2),
      landingId: next(2),
      country: ['DE', 'US', 'NP'][next(3)] as string,
      city: `City ${next(9)}`,
      os: ['Android', 'iOS'][next(2)] as string,
      isUnique: next(2) === 0,
      isBot: next(10) === 0,
      costMicros: 1000 + next(5000),
    });
    out.push(base);
    if (next(3) === 0) out.push(lpClick(base, new Date(time + 3000).toISOString()));
    if (next(6) === 0) {
      const lead = new Date(time + 1_800_000).toISOString();
      out.push(conversion(base, lead, { status: 'pending', pending: 1, revenueMicros: 4_000_000 }));
      if (next(2) === 0)
        out.push(conversion(base, lead, { status: 'approved', pending: -1, approved: 1, seq: 2 }));
    }
  }
  return out;
}

describeWithClickHouse('clearing under ClickHouse reports', (serverUrl) => {
  describe('reports over a partly cleared ClickHouse', () => {
    let stores: BothStores;
    let config: DuckDbConfigStore;
    let duck: EventStore;
    let house: EventStore;
    const services = () => [
      new ReportService(duck, config, () => NOW),
      new ReportService(house, config, () => NOW),
    ];
    const answers = async (service: ReportService) => ({
      reports: await Promise.all(
        KEPT_REPORTS.map(([, query]) =>
          service.report(reportQuerySchema.parse(query), { campaignIds: null }),
        ),
      ),
      stats: await service.entityStats(
        entityStatsQuerySchema.parse({ kind: 'offer', ...all }),
        { campaignIds: null },
        null,
      ),
    });
    beforeAll(async () => {
      stores = await openBothStores(serverUrl, events(), 'clearing');
      ({ config, duck, house } = stores);
    });
    afterAll(async () => {
      await stores?.close();
    });

    it('answers every report as before, and as DuckDB does', async () => {
      const [onDuck, onHouse] = services() as [ReportService, ReportService];
      const before = await answers(onHouse);
      expect(await answers(onDuck)).toEqual(before);
      const cities = reportQuerySchema.parse({ groupBy: 'campaign,city', ...all });
      const citiesBefore = await onHouse.report(cities, { campaignIds: null });

      // Campaign 3 kept in the first clear, so February is deleted by mutation; the second takes
      // February whole (a dropped partition) and part of March.
      const kept = { before: Date.parse('2026-03-05T18:15:00Z'), only: null, keep: [3] };
      const everything = { before: Date.parse('2026-03-01T00:00:00Z'), only: null, keep: [] };
      for (const store of [duck, house]) {
        expect((await clearInSteps(store, kept)).events).toBeGreaterThan(500);
        expect((await clearInSteps(store, everything)).events).toBeGreaterThan(50);
      }
      expect(await answers(onHouse)).toEqual(before);
      expect(await answers(onDuck)).toEqual(before);
      const citiesAfter = await onHouse.report(cities, { campaignIds: null });
      expect(citiesAfter).toEqual(await onDuck.report(cities, { campaignIds: null }));
      expect(citiesAfter.totals).toEqual(citiesBefore.totals);
      expect(citiesAfter.rows[0]?.children?.some((row) => row.value === '(cleared)')).toBe(true);
    });
  });
});
