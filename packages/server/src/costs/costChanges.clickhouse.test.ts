import { reportQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BothStores, describeWithClickHouse, openBothStores } from '../../test-support/clickhouse.ts';
import { everyone, FROM, NOW, PARITY_REPORTS, seededEvents } from '../../test-support/reports.ts';
import type { TrackingEvent } from '../events/event.ts';
import { ReportService } from '../reports/service.ts';
import type { EventStore } from '../store/events/port.ts';
import { type CostTarget, setCost } from './costChanges.ts';

// A cost set on the same seeded events in DuckDB and in ClickHouse: both stores report the campaign's
// cost over the range as set, to the micro-unit, the same again when set twice, and every parity report
// (levels, top N and others, zones, filters) answers alike on both afterwards.

describeWithClickHouse('cost changes on DuckDB and ClickHouse', (serverUrl) => {
  let stores: BothStores;
  let duck: EventStore;
  let house: EventStore;
  let onDuck: ReportService;
  let onHouse: ReportService;
  let position = 0;
  const appendTo = (store: EventStore) => async (changes: readonly TrackingEvent[]) => {
    position += 1;
    await store.append(changes, { source: 'costs', position });
  };

  beforeAll(async () => {
    stores = await openBothStores(
      serverUrl,
      seededEvents(Date.parse(`${FROM}T00:00:00Z`) - 86_400_000, 21),
      'seed',
    );
    ({ duck, house } = stores);
    onDuck = new ReportService(duck, stores.config, () => NOW);
    onHouse = new ReportService(house, stores.config, () => NOW);
  });
  afterAll(async () => {
    await stores?.close();
  });

  // 2026-03-25 in UTC, to the millisecond a click may have, and one zone of campaign 2 over three days.
  const day = Date.parse('2026-03-25T00:00:00Z');
  const targets: CostTarget[] = [
    { campaignId: 3, from: day, to: day + 86_400_000, costMicros: 123_456_789, token: null },
    {
      campaignId: 2,
      from: day - 86_400_000,
      to: day + 2 * 86_400_000,
      costMicros: 5_000_003,
      token: { slot: 1, value: 'zone3' },
    },
  ];

  const costOf = async (service: ReportService, target: CostTarget) => {
    const query = reportQuerySchema.parse({
      groupBy: 'campaign',
      from: new Date(target.from).toISOString(),
      to: new Date(target.to).toISOString(),
      timezone: 'UTC',
      ...(target.token ? { [`filter[token_${target.token.slot}]`]: target.token.value } : {}),
    });
    const report = await service.report(query, everyone);
    return report.rows.find((row) => row.value === target.campaignId)?.metrics.cost;
  };

  it('reports the cost as set, to the micro-unit, on both stores', async () => {
    for (const target of targets) {
      const onDuckResult = await setCost(duck, appendTo(duck), target);
      const onHouseResult = await setCost(house, appendTo(house), target);
      expect(onHouseResult).toEqual(onDuckResult);
      expect(onDuckResult.clicks).toBeGreaterThan(5);
      expect(onDuckResult.changedClicks).toBe(onDuckResult.clicks);
      expect(await costOf(onDuck, target)).toBe(target.costMicros);
      expect(await costOf(onHouse, target)).toBe(target.costMicros);
    }
  });

  it('writes nothing when set again, and a new cost replaces the last', async () => {
    for (const target of targets) {
      for (const store of [duck, house]) {
        expect(await setCost(store, appendTo(store), target)).toMatchObject({ changedClicks: 0 });
        const lower = { ...target, costMicros: 17 };
        expect(await setCost(store, appendTo(store), lower)).toMatchObject({
          previousCostMicros: target.costMicros,
        });
      }
      expect(await costOf(onDuck, { ...target, costMicros: 17 })).toBe(17);
      expect(await costOf(onHouse, { ...target, costMicros: 17 })).toBe(17);
    }
  });

  it.each(PARITY_REPORTS)('%s agrees afterwards', async (_, query, viewer = everyone) => {
    const parsed = reportQuerySchema.parse(query);
    expect(await onHouse.report(parsed, viewer)).toEqual(await onDuck.report(parsed, viewer));
  });
});
