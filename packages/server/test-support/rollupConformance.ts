import { expect, it } from 'vitest';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../src/events/event.ts';
import type { ClearScope, EventStore } from '../src/store/events/port.ts';
import { CLEARED, ROLLUP_SUMS } from '../src/store/events/rollup.ts';

// The clearing part of the event-store conformance suite (see conformance.ts): totals read through
// reportSources() are the same before and after a clear, whatever the grouping, an interrupted clear
// counts nothing twice, and a cleared click is still found for a late conversion.

export interface ClearingFactory {
  /**
   * Makes `store.clearBefore(scope)` fail, early (sums written) or late (sums complete, raw events not
   * deleted yet) where the adapter has such points: a transactional store keeps nothing of it.
   */
  interruptClear(store: EventStore, scope: ClearScope, point: 'early' | 'late'): Promise<void>;
}

const DAY = 86_400_000;
const D1 = Date.parse('2026-05-04T00:00:00.000Z');
const every = (before: number): ClearScope => ({ before, only: null, keep: [] });

type Grouping = 'campaign' | 'day' | 'country' | 'city' | 'bot';

function keyOf(store: EventStore, grouping: Grouping): string {
  const clickhouse = store.dialect === 'clickhouse';
  const day = clickhouse ? 'toString(toDate(ts))' : 'CAST(CAST(ts AS DATE) AS VARCHAR)';
  const text = (expr: string) => (clickhouse ? `toString(${expr})` : `CAST(${expr} AS VARCHAR)`);
  switch (grouping) {
    case 'campaign':
      return text('campaign_id');
    case 'day':
      return clickhouse
        ? `concat(${text('campaign_id')}, '|', ${day})`
        : `${text('campaign_id')} || '|' || ${day}`;
    case 'bot':
      return text('is_bot');
    default:
      return text(grouping);
  }
}

/** Every sum per group, raw events and the rollup together, as report SQL reads them. */
async function totals(store: EventStore, grouping: Grouping): Promise<Record<string, number[]>> {
  const sources = await store.reportSources();
  const key = keyOf(store, grouping);
  const summed = ROLLUP_SUMS.map((sum) => `sum(${sum.name}) AS ${sum.name}`).join(', ');
  const parts = [
    `SELECT ${key} AS k, ${ROLLUP_SUMS.map((sum) => `${sum.raw} AS ${sum.name}`).join(', ')} FROM ${sources.events} GROUP BY k`,
  ];
  if (sources.rollup) parts.push(`SELECT ${key} AS k, ${summed} FROM ${sources.rollup} GROUP BY k`);
  const rows = await store.query(`SELECT k, ${summed} FROM (${parts.join(' UNION ALL ')}) u GROUP BY k`);
  return Object.fromEntries(
    rows.map((row) => [String(row.k), ROLLUP_SUMS.map((sum) => Number(row[sum.name]))]),
  );
}

async function rawCount(store: EventStore, before: number): Promise<number> {
  const at =
    store.dialect === 'clickhouse'
      ? `toDateTime(${Math.floor(before / 1000)}, 'UTC')`
      : `TIMESTAMP '${new Date(before).toISOString().replace('T', ' ').replace('Z', '')}'`;
  const rows = await store.query(`SELECT count(*) AS n FROM events WHERE ts < ${at}`);
  return Number(rows[0]?.n);
}

/** Three days of three campaigns: clicks with landers, costs (some set again) and bots, lander clicks, leads turned sales. */
function traffic(): TrackingEvent[] {
  const events: TrackingEvent[] = [];
  for (let index = 0; index < 90; index += 1) {
    const time = D1 + Math.floor(index / 30) * DAY + (index % 30) * 1_800_003 + 7;
    const click: TrackingEvent = {
      ...blankEvent(EVENT_KIND.click, `k${index}`, time),
      campaignId: 1 + (index % 3),
      offerId: 10 + (index % 2),
      landingId: index % 4 === 0 ? 0 : 5,
      country: ['DE', 'US', 'FR'][index % 3] as string,
      city: `City ${index % 5}`,
      isUnique: index % 2 === 0,
      isBot: index % 11 === 0,
      costMicros: 1000 + index,
      tokens: Array.from({ length: 30 }, (_, slot) => (slot === 1 ? `zone${index % 4}` : '')),
    };
    events.push(click);
    if (index % 7 === 0)
      events.push({ ...click, kind: EVENT_KIND.costChange, seq: 1, costMicros: 500 - click.costMicros });
    if (index % 3 === 0) events.push({ ...click, kind: EVENT_KIND.lpClick, seq: 1, time: time + 5_000 });
    if (index % 5 === 0) {
      const lead = { ...click, kind: EVENT_KIND.conversion, seq: 1, time: time + 60_000 };
      events.push({ ...lead, status: 'pending', pending: 1, revenueMicros: 2_000_000 });
      if (index % 10 === 0) {
        events.push({ ...lead, time: time + 120_000, status: 'approved', pending: -1, approved: 1 });
      }
    }
  }
  return events;
}

const GROUPINGS: Grouping[] = ['campaign', 'day', 'country', 'bot'];

export function describeClearingConformance(factory: ClearingFactory, current: () => EventStore): void {
  it('clears raw events into sums: totals per campaign, day and kept dimension stay', async () => {
    const store = current();
    await store.append(traffic());
    const before = await Promise.all(GROUPINGS.map((grouping) => totals(store, grouping)));
    const cities = await totals(store, 'city');
    const cutoff = D1 + 2 * DAY;
    const scope: ClearScope = { before: cutoff, only: null, keep: [3] };
    const clearable = await store.countClearable(scope);
    expect(clearable.clicks).toBe(40);
    expect(clearable.events).toBeGreaterThan(clearable.clicks);
    expect(await store.clearBefore(scope)).toEqual(clearable);

    expect(await Promise.all(GROUPINGS.map((grouping) => totals(store, grouping)))).toEqual(before);
    // A dimension the rollup does not keep holds the cleared part under one value.
    const citiesAfter = await totals(store, 'city');
    expect(Object.keys(citiesAfter)).toContain(CLEARED);
    const sumOf = (groups: Record<string, number[]>) =>
      Object.values(groups).reduce((sum, values) => values.map((value, index) => value + (sum[index] ?? 0)));
    expect(sumOf(citiesAfter)).toEqual(sumOf(cities));
    // Campaign 3 was kept: its raw events are all there.
    expect(await rawCount(store, cutoff)).toBe(
      traffic().filter((e) => e.campaignId === 3 && e.time < cutoff).length,
    );
    expect(await store.countClearable(scope)).toEqual({ events: 0, clicks: 0 });
    expect(await store.clearBefore(scope)).toEqual({ events: 0, clicks: 0 });
    expect(await totals(store, 'day')).toEqual(before[1]);
  });

  it('clears only the campaigns listed, and a later cutoff adds to the sums', async () => {
    const store = current();
    await store.append(traffic());
    const before = await totals(store, 'day');
    await store.clearBefore({ before: D1 + DAY, only: [2], keep: [] });
    const left = traffic().filter((event) => event.time < D1 + DAY && event.campaignId !== 2);
    expect(await rawCount(store, D1 + DAY)).toBe(left.length);
    await store.clearBefore(every(D1 + DAY));
    await store.clearBefore(every(D1 + 3 * DAY));
    expect(await rawCount(store, D1 + 3 * DAY)).toBe(0);
    expect(await totals(store, 'day')).toEqual(before);
    expect(await store.clearBefore({ before: D1 + 3 * DAY, only: [], keep: [] })).toEqual({
      events: 0,
      clicks: 0,
    });
  });

  it('finds a cleared click for a late conversion, which then counts once', async () => {
    const store = current();
    const time = D1 + 3_600_000 + 123;
    const click: TrackingEvent = {
      ...blankEvent(EVENT_KIND.click, 'late1', time),
      campaignId: 7,
      offerId: 3,
      trafficSourceId: 4,
      country: 'DE',
      city: 'Berlin',
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0',
      externalId: 'src-click-1',
      costMicros: 5000,
      tokens: Array.from({ length: 30 }, (_, slot) => (slot === 0 ? 'zone9' : '')),
    };
    await store.append([click]);
    await store.clearBefore(every(D1 + DAY));
    expect(await store.findClick('late1', time)).toBeNull();
    const found = await store.findClearedClick('late1', time);
    expect(found).toEqual({
      ...click,
      city: CLEARED,
      ip: CLEARED,
      userAgent: CLEARED,
      region: CLEARED,
      isp: CLEARED,
      brand: CLEARED,
      model: CLEARED,
      osVersion: CLEARED,
      browserVersion: CLEARED,
      language: CLEARED,
      referrerDomain: CLEARED,
      connectionType: CLEARED,
    });
    expect(await store.findClearedClick('late1', time + 3 * DAY)).toBeNull();
    expect(await store.findClearedClick('missing', time)).toBeNull();
    // Kept while conversions may still come; forgotten once older than that (months after, here).
    await store.forgetClearedClicks(D1);
    expect(await store.findClearedClick('late1', time)).not.toBeNull();
    const sale = { ...(found as TrackingEvent), kind: EVENT_KIND.conversion, seq: 1, time: D1 + 5 * DAY };
    await store.append([{ ...sale, status: 'approved', approved: 1, revenueMicros: 9_000_000 }]);
    const [clicks, , , , approved, , , revenue, cost] = (await totals(store, 'campaign'))['7'] ?? [];
    expect({ clicks, approved, revenue, cost }).toEqual({
      clicks: 1,
      approved: 1,
      revenue: 9_000_000,
      cost: 5000,
    });
    await store.forgetClearedClicks(D1 + 70 * DAY);
    expect(await store.findClearedClick('late1', time)).toBeNull();
    // The sums stay.
    expect((await totals(store, 'campaign'))['7']?.[0]).toBe(1);
  });

  for (const point of ['early', 'late'] as const) {
    it(`counts every event once while a clear is interrupted (${point}), and the next clear finishes it`, async () => {
      const store = current();
      await store.append(traffic());
      const before = await Promise.all(GROUPINGS.map((grouping) => totals(store, grouping)));
      // Something cleared already, so the interrupted clear's sums are read next to earlier ones.
      await store.clearBefore({ before: D1 + DAY, only: [3], keep: [] });
      await factory.interruptClear(store, every(D1 + DAY), point);
      expect(await Promise.all(GROUPINGS.map((grouping) => totals(store, grouping)))).toEqual(before);
      await store.clearBefore(every(D1 + 2 * DAY));
      expect(await rawCount(store, D1 + 2 * DAY)).toBe(0);
      expect(await Promise.all(GROUPINGS.map((grouping) => totals(store, grouping)))).toEqual(before);
      expect(await store.findClearedClick('k0', D1 + 7)).not.toBeNull();
    });
  }
}
