import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from './port.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from './schema.ts';

// One suite for every event-store adapter: DuckDB always, ClickHouse when a test server is configured.
// Each adapter's test file calls this with a function that opens an empty store.

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

function click(id: string, time: number, changes: Partial<TrackingEvent> = {}): TrackingEvent {
  return { ...blankEvent(EVENT_KIND.click, id, time), ...changes };
}

export function describeEventStoreConformance(name: string, open: () => Promise<EventStore>): void {
  describe(`event store conformance: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('finds an appended click by id with every dimension intact', async () => {
      const tokens = Array.from({ length: 30 }, (_, index) => (index % 7 === 0 ? `tok-${index}` : ''));
      const stored = click('c1', T0, {
        campaignId: 7,
        offerId: 3,
        country: 'DE',
        city: 'Berlin',
        userAgent: 'Mozilla/5.0 "quoted" \u00e9',
        isUnique: true,
        tokens,
        costMicros: 1_250_000,
        rule: 2,
        path: 1,
      });
      await store.append([stored, click('c2', T0 + 1000)]);
      expect(await store.findClick('c1', T0)).toEqual(stored);
      expect(await store.findClick('missing', T0)).toBeNull();
      // Outside the lookup window around the id's time the click is not looked for.
      expect(await store.findClick('c1', T0 + 3 * 24 * 3600 * 1000)).toBeNull();
    });

    it('stores a batch and its journal mark together', async () => {
      expect(await store.flushedPosition('node-a')).toBe(-1);
      await store.append([click('a1', T0)], { source: 'node-a', position: 4 });
      await store.append([click('a2', T0)], { source: 'node-a', position: 5 });
      await store.append([], { source: 'node-b', position: 1 });
      expect(await store.flushedPosition('node-a')).toBe(5);
      expect(await store.flushedPosition('node-b')).toBe(1);
      const rows = await store.query<{ n: number }>('SELECT count(*) AS n FROM events');
      expect(Number(rows[0]?.n)).toBe(2);
    });

    it('answers group-by queries over the appended events', async () => {
      await store.append([
        click('g1', T0, { campaignId: 1, costMicros: 100 }),
        click('g2', T0, { campaignId: 1, costMicros: 200 }),
        click('g3', T0, { campaignId: 2, costMicros: 50 }),
      ]);
      const rows = await store.query<{ campaign_id: number; clicks: number; cost: number }>(
        'SELECT campaign_id, count(*) AS clicks, sum(cost_micros) AS cost FROM events GROUP BY campaign_id ORDER BY campaign_id',
      );
      expect(rows.map((row) => [Number(row.campaign_id), Number(row.clicks), Number(row.cost)])).toEqual([
        [1, 2, 300],
        [2, 1, 50],
      ]);
    });

    it('deletes old events except those of kept campaigns', async () => {
      await store.append([
        click('old1', T0 - 10 * 86_400_000, { campaignId: 1 }),
        click('old2', T0 - 10 * 86_400_000, { campaignId: 2 }),
        click('new1', T0, { campaignId: 1 }),
      ]);
      await store.deleteBefore(T0 - 86_400_000, [2]);
      const rows = await store.query<{ click_id: string }>('SELECT click_id FROM events ORDER BY click_id');
      expect(rows.map((row) => row.click_id)).toEqual(['new1', 'old2']);
    });

    it('reports its size on disk', async () => {
      await store.append([click('s1', T0)]);
      expect(await store.sizeOnDisk()).toBeGreaterThan(0);
    });
  });
}
