import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_COLUMNS } from '../src/events/columns.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../src/events/event.ts';
import { EXPORT_EVENT_NAME_COLUMN } from '../src/store/events/exportSql.ts';
import type { EventStore, JournalMark } from '../src/store/events/port.ts';
import { type ClearingFactory, describeClearingConformance } from './rollupConformance.ts';

// One suite for every event-store adapter: DuckDB always, ClickHouse when a test server is configured.
// Each adapter's test file calls this with a factory that opens an empty store (and, for the cases of
// restarts and interrupted appends, reopens it and interrupts an append the adapter's own way).

export interface EventStoreFactory extends ClearingFactory {
  /** Opens a new, empty store. */
  open(): Promise<EventStore>;
  /** Closes `store` and opens the same one again (same file or database), as a restarted process would. */
  reopen(store: EventStore): Promise<EventStore>;
  /**
   * Makes `store.append(events, mark)` fail at the adapter's worst point, the way a crash or a lost
   * answer would: a transactional store is left with nothing, ClickHouse with the events but not the
   * mark. Resolves once the append has failed.
   */
  interruptAppend(store: EventStore, events: readonly TrackingEvent[], mark: JournalMark): Promise<void>;
}

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

function click(id: string, time: number, changes: Partial<TrackingEvent> = {}): TrackingEvent {
  return { ...blankEvent(EVENT_KIND.click, id, time), ...changes };
}

async function countsById(store: EventStore): Promise<Map<string, number>> {
  const rows = await store.query<{ click_id: string; kind: number; seq: number; n: number }>(
    'SELECT click_id, kind, seq, count(*) AS n FROM events GROUP BY click_id, kind, seq',
  );
  return new Map(rows.map((row) => [`${row.click_id}:${row.kind}:${row.seq}`, Number(row.n)]));
}

export function describeEventStoreConformance(name: string, factory: EventStoreFactory): void {
  describe(`event store conformance: ${name}`, () => {
    let store: EventStore;
    beforeEach(async () => {
      store = await factory.open();
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
        externalId: 'tab\there\nline\\back',
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

    it('answers lookups asked at once each with its own click: repeats, unknown ids, days apart', async () => {
      const day = 86_400_000;
      const clicks = Array.from({ length: 40 }, (_, index) =>
        click(`b${index}`, T0 + index * 0.25 * day + index, { campaignId: 1 + (index % 3) }),
      );
      // Each click's lead shares its id: only the click is an answer.
      const leads = clicks.map((stored) => ({
        ...blankEvent(EVENT_KIND.conversion, stored.clickId, stored.time + 1000),
        clickTime: stored.time,
        seq: 1,
      }));
      await store.append([...clicks, ...leads]);
      const asked = [
        ...clicks.map((stored) => [stored.clickId, stored.time] as const),
        ...clicks.slice(0, 5).map((stored) => [stored.clickId, stored.time] as const),
        ['b3', T0] as const, // b3 was made 18 hours later: outside the window of this time
        ['unknown-1', T0] as const,
        ['unknown-2', T0 + 5 * day] as const,
        ["it's \\ b1", T0] as const, // quotes and backslashes are values, never SQL
      ];
      const answers = await Promise.all(asked.map(([id, time]) => store.findClick(id, time)));
      expect(answers).toEqual([...clicks, ...clicks.slice(0, 5), null, null, null, null]);
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
      expect(await store.deleteBefore(T0 - 86_400_000, [2])).toBe(1);
      const rows = await store.query<{ click_id: string }>('SELECT click_id FROM events ORDER BY click_id');
      expect(rows.map((row) => row.click_id)).toEqual(['new1', 'old2']);
    });

    it('deletes whole old months and the old part of a month, to the millisecond', async () => {
      const cutoff = Date.parse('2026-02-28T12:00:00.500Z');
      await store.append([
        click('jan', Date.parse('2026-01-15T00:00:00Z')),
        click('feb20', Date.parse('2026-02-20T00:00:00Z')),
        click('justBefore', cutoff - 200),
        click('justAfter', cutoff + 100),
        click('mar', T0),
      ]);
      expect(await store.deleteBefore(cutoff)).toBe(3);
      const rows = await store.query<{ click_id: string }>('SELECT click_id FROM events ORDER BY click_id');
      expect(rows.map((row) => row.click_id)).toEqual(['justAfter', 'mar']);
    });

    it('keeps every AS number a 4-byte ASN can be, and groups by it', async () => {
      const asns = [0, 15_169, 2 ** 31 - 1, 2 ** 31, 4_294_967_294, 2 ** 32 - 1];
      await store.append(asns.map((asn, index) => click(`asn${index}`, T0 + index, { asn })));
      for (const [index, asn] of asns.entries()) {
        expect((await store.findClick(`asn${index}`, T0 + index))?.asn).toBe(asn);
      }
      const rows = await store.query<{ asn: number; n: number }>(
        'SELECT asn, count(*) AS n FROM events GROUP BY asn ORDER BY asn',
      );
      expect(rows.map((row) => Number(row.asn))).toEqual(asns);
    });

    it('keeps event times to the millisecond', async () => {
      const stored = click('ms1', T0 + 123, { clickTime: T0 + 123 });
      const conversion = {
        ...blankEvent(EVENT_KIND.conversion, 'ms1', T0 + 60_007),
        clickTime: T0 + 123,
        seq: 1,
      };
      await store.append([stored, conversion]);
      // The conversion shares the click's id; only the click itself is found.
      expect(await store.findClick('ms1', T0 + 123)).toEqual(stored);
    });

    it('binds $n parameters as values, quotes included', async () => {
      await store.append([
        click('p1', T0, { campaignId: 1, city: "O'Hare \\ $1" }),
        click('p2', T0, { campaignId: 1, city: 'Berlin' }),
      ]);
      const rows = await store.query<{ n: number }>(
        "SELECT count(*) AS n FROM events WHERE campaign_id = $1 AND city = $2 AND click_id <> '$2'",
        [1, "O'Hare \\ $1"],
      );
      expect(Number(rows[0]?.n)).toBe(1);
    });

    it('keeps events and marks across a reopen', async () => {
      await store.append([click('r1', T0)], { source: 'node-r', position: 2 });
      store = await factory.reopen(store);
      expect(await store.flushedPosition('node-r')).toBe(2);
      expect(await store.findClick('r1', T0)).not.toBeNull();
    });

    it('finds a cleared click after a reopen, and none for ids no click has, before or after its clear', async () => {
      const later = T0 + 86_400_000;
      await store.append([click('k1', T0), click('k2', later)]);
      expect(await store.findClearedClick('k1', T0)).toBeNull();
      await store.clearBefore({ before: T0 + 1000, only: null, keep: [] });
      store = await factory.reopen(store);
      expect(await store.findClick('k1', T0)).toBeNull();
      expect((await store.findClearedClick('k1', T0))?.clickId).toBe('k1');
      expect(await store.findClearedClick('unknown', T0)).toBeNull();
      expect(await store.findClearedClick('unknown', later)).toBeNull();
      expect((await store.findClick('k2', later))?.clickId).toBe('k2');
    });

    it('stores a retried batch once after its append failed', async () => {
      const batch = [click('x1', T0), click('x2', T0 + 5), click('x3', T0 + 2000)];
      await store.append([click('x0', T0)], { source: 'node-x', position: 1 });
      await factory.interruptAppend(store, batch, { source: 'node-x', position: 2 });
      // The flusher asks how far the store got before it appends again.
      expect(await store.flushedPosition('node-x')).toBe(1);
      await store.append(batch, { source: 'node-x', position: 2 });
      expect(await store.flushedPosition('node-x')).toBe(2);
      expect([...(await countsById(store)).values()]).toEqual([1, 1, 1, 1]);
      expect((await store.findClick('x3', T0 + 2000))?.time).toBe(T0 + 2000);
    });

    it('stores a replayed batch once after a restart, whatever segments it spans', async () => {
      const lost = [click('y1', T0), click('y2', T0 + 1)];
      await factory.interruptAppend(store, lost, { source: 'node-y', position: 3 });
      store = await factory.reopen(store);
      expect(await store.flushedPosition('node-y')).toBe(-1);
      // The replay takes the lost segments and the one that was still open at the crash.
      const replay = [
        ...lost,
        click('y3', T0 + 2),
        { ...blankEvent(EVENT_KIND.lpClick, 'y1', T0 + 3), seq: 1 },
      ];
      await store.append(replay, { source: 'node-y', position: 4 });
      const counts = await countsById(store);
      expect(counts.size).toBe(4);
      expect([...counts.values()].every((n) => n === 1)).toBe(true);
      expect(await store.flushedPosition('node-y')).toBe(4);
      expect((await store.findClick('y3', T0 + 2))?.time).toBe(T0 + 2);
      expect((await store.findClick('y1', T0))?.kind).toBe(EVENT_KIND.click);
    });

    it('reports its size on disk', async () => {
      await store.append([click('s1', T0)]);
      expect(await store.sizeOnDisk()).toBeGreaterThan(0);
    });

    it('exports the raw events of a range to Parquet and CSV that DuckDB reads back alike', async () => {
      const tokens = Array.from({ length: 30 }, (_, index) => (index === 2 ? 'tok,"3"' : ''));
      const first = click('e1', T0 + 123, {
        campaignId: 7,
        country: 'DE',
        userAgent: 'Mozilla/5.0 "quoted", comma',
        isUnique: true,
        tokens,
        costMicros: 1_250_000,
      });
      const lead = {
        ...blankEvent(EVENT_KIND.conversion, 'e1', T0 + 60_000),
        clickTime: T0 + 123,
        seq: 1,
        campaignId: 7,
        revenueMicros: 4_000_000,
        approved: 1,
      };
      const outside = click('e2', T0 + 3_600_000, { costMicros: 9_000_000 });
      const lander = { ...blankEvent(EVENT_KIND.lpClick, 'e1', T0 + 1000), seq: 1 };
      await store.append([first, lead, outside, lander]);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-export-'));
      const duck = await (await DuckDBInstance.create(':memory:')).connect();
      try {
        const spec = {
          kinds: [EVENT_KIND.click, EVENT_KIND.conversion],
          from: T0,
          to: T0 + 3_600_000,
          // Berlin in March: UTC+1.
          offsets: [{ from: T0, offset: 60 }],
        };
        for (const format of ['parquet', 'csv'] as const) {
          const file = path.join(dir, `events.${format}`);
          await store.exportEvents({ ...spec, format }, file);
          const read =
            format === 'parquet' ? `read_parquet('${file}')` : `read_csv('${file}', header = true)`;
          const rows = (
            await duck.runAndReadAll(
              // CSV knows no types and no empty text apart from none: both are read as the columns say.
              `SELECT kind, click_id, CAST(CAST(ts AS TIMESTAMP) AS VARCHAR) AS ts, CAST(CAST(click_ts AS TIMESTAMP) AS VARCHAR) AS click_ts, CAST(campaign_id AS INTEGER) AS campaign_id, coalesce(country, '') AS country, coalesce(user_agent, '') AS user_agent, CAST(is_unique AS BOOLEAN) AS is_unique, coalesce(t3, '') AS t3, CAST(cost_micros AS BIGINT) AS cost, CAST(revenue_micros AS BIGINT) AS revenue, CAST(approved AS INTEGER) AS approved FROM ${read} ORDER BY ts`,
            )
          ).getRowObjectsJson();
          expect(rows, format).toEqual([
            {
              kind: 'click',
              click_id: 'e1',
              ts: '2026-03-01 13:00:00.123',
              click_ts: '2026-03-01 13:00:00.123',
              campaign_id: 7,
              country: 'DE',
              user_agent: 'Mozilla/5.0 "quoted", comma',
              is_unique: true,
              t3: 'tok,"3"',
              cost: '1250000',
              revenue: '0',
              approved: 0,
            },
            {
              kind: 'conversion',
              click_id: 'e1',
              ts: '2026-03-01 13:01:00',
              click_ts: '2026-03-01 13:00:00.123',
              campaign_id: 7,
              country: '',
              user_agent: '',
              is_unique: false,
              t3: '',
              cost: '0',
              revenue: '4000000',
              approved: 1,
            },
          ]);
        }
        // A zone's offset changing within the range: each event takes the offset in force at its own time.
        const shifted = path.join(dir, 'shifted.parquet');
        const offsets = [
          { from: T0, offset: 60 },
          { from: T0 + 30_000, offset: 120 },
        ];
        await store.exportEvents({ ...spec, offsets, format: 'parquet' }, shifted);
        const times = (
          await duck.runAndReadAll(
            `SELECT kind, CAST(ts AS VARCHAR) AS ts, CAST(click_ts AS VARCHAR) AS click_ts FROM read_parquet('${shifted}') ORDER BY ts`,
          )
        ).getRowObjectsJson();
        expect(times).toEqual([
          { kind: 'click', ts: '2026-03-01 13:00:00.123', click_ts: '2026-03-01 13:00:00.123' },
          { kind: 'conversion', ts: '2026-03-01 14:01:00', click_ts: '2026-03-01 13:00:00.123' },
        ]);
        const clicksOnly = path.join(dir, 'clicks.csv');
        await store.exportEvents(
          { ...spec, kinds: [EVENT_KIND.click], offsets: [], format: 'csv' },
          clicksOnly,
        );
        const header = fs.readFileSync(clicksOnly, 'utf8').split('\n')[0];
        expect(header?.replaceAll('"', '').split(',')).toEqual([
          ...EVENT_COLUMNS.map((column) => column.name),
          EXPORT_EVENT_NAME_COLUMN,
        ]);
        expect(fs.readFileSync(clicksOnly, 'utf8')).toContain('2026-03-01 12:00:00.123');
      } finally {
        duck.closeSync();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('exports custom events with their slot and the name the settings give it', async () => {
      const event = (time: number, eventSlot: number): TrackingEvent => ({
        ...blankEvent(EVENT_KIND.customEvent, 'c1', time),
        clickTime: T0,
        seq: -1 - (time % 32_768),
        campaignId: 7,
        eventSlot,
      });
      await store.append([click('c1', T0, { campaignId: 7 }), event(T0 + 5000, 2), event(T0 + 6000, 4)]);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-export-'));
      const duck = await (await DuckDBInstance.create(':memory:')).connect();
      try {
        for (const format of ['parquet', 'csv'] as const) {
          const file = path.join(dir, `events.${format}`);
          await store.exportEvents(
            {
              format,
              kinds: [EVENT_KIND.click, EVENT_KIND.customEvent],
              from: T0,
              to: T0 + 3_600_000,
              offsets: [],
              // The contract admits no quote in a name; the store's SQL must not lean on that.
              eventNames: ['Registration', 'Deposit', "it's"],
            },
            file,
          );
          const read =
            format === 'parquet' ? `read_parquet('${file}')` : `read_csv('${file}', header = true)`;
          const rows = (
            await duck.runAndReadAll(
              `SELECT kind, CAST(event_slot AS INTEGER) AS event_slot, coalesce(CAST(event_name AS VARCHAR), '') AS event_name FROM ${read} WHERE click_id = 'c1' ORDER BY ts`,
            )
          ).getRowObjectsJson();
          expect(rows, format).toEqual([
            { kind: 'click', event_slot: 0, event_name: '' },
            { kind: 'custom_event', event_slot: 2, event_name: 'Deposit' },
            { kind: 'custom_event', event_slot: 4, event_name: '' },
          ]);
        }
      } finally {
        duck.closeSync();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    describeClearingConformance(factory, () => store);
  });
}
