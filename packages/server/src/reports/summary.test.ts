import path from 'node:path';
import {
  CUSTOM_EVENT_SLOTS,
  entityStatsQuerySchema,
  reportExportQuerySchema,
  reportQuerySchema,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  click,
  everyone,
  FROM,
  NOW,
  PARITY_REPORTS,
  scope,
  seededEvents,
  ZONE,
} from '../../test-support/reports.ts';
import { tempDir } from '../../test-support/server.ts';
import { Journal } from '../journal/journal.ts';
import { DuckDbConfigStore } from '../store/config/duckdb.ts';
import { migrate } from '../store/config/migrate.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';
import { SUMMARY_SLOT_MS } from '../store/events/duckdbSummary.ts';
import { sourcesFor } from './scope.ts';
import { ReportService } from './service.ts';

// The embedded store's report summary (store/events/duckdbSummary.ts) answers every report exactly as
// the raw events do: once summed, with late events in summed quarter hours, after a clear that cuts a
// quarter hour, after a restart, and on a store that had events before the summary existed.

const dir = tempDir();
let config: DuckDbConfigStore;
let store: DuckDbEventStore;
let summarized: ReportService;
let raw: ReportService;

// The store's own clock, held still: a quarter hour closing mid-run would change what is summed. The
// tests sum when they choose, so no timer does it between an append and a check.
const clock = Date.now();
const STILL = { now: () => clock, refreshSummaryOnTimer: false };

async function open(): Promise<void> {
  store = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'), STILL);
  await store.summaryChecked();
  summarized = new ReportService(store, config, () => NOW);
  raw = new ReportService(store, config, () => NOW, { rawEventsOnly: true });
}

async function summedAll(): Promise<void> {
  while ((await store.refreshSummary()) > 0);
}

const pendingNow = async () => (await store.reportSources()).summary?.pending ?? [];
const pendingStored = async () =>
  Number((await store.query('SELECT count(*) AS n FROM report_summary_pending'))[0]?.n);

async function expectSameAnswers(): Promise<void> {
  for (const [name, query, viewer = everyone] of PARITY_REPORTS) {
    const parsed = reportQuerySchema.parse(query);
    expect(await summarized.report(parsed, viewer), name).toEqual(await raw.report(parsed, viewer));
  }
  // The export reads the same sums, every row of them.
  const exported = reportExportQuerySchema.parse({
    groupBy: 'campaign,country',
    sort: 'profit',
    order: 'asc',
    ...scope,
  });
  const rowsOf = async (service: ReportService) => {
    const rows: unknown[] = [];
    for await (const part of service.exportRows(exported, everyone))
      rows.push(...('rows' in part ? part.rows : [part.totals]));
    return rows;
  };
  expect(await rowsOf(summarized)).toEqual(await rowsOf(raw));
  for (const query of [
    { kind: 'campaign', sortBy: 'profit', ...scope },
    { kind: 'offer', ids: '1,2,9', ...scope },
    { kind: 'landing', preset: 'all_time', timezone: ZONE },
  ]) {
    const parsed = entityStatsQuerySchema.parse(query);
    expect(await summarized.entityStats(parsed, everyone, null)).toEqual(
      await raw.entityStats(parsed, everyone, null),
    );
  }
}

const clicksOf = async (service: ReportService) =>
  (await service.report(reportQuerySchema.parse({ groupBy: 'campaign', ...scope }), everyone)).totals.clicks;

beforeAll(async () => {
  config = await DuckDbConfigStore.open(path.join(dir, 'cairn.duckdb'));
  await migrate(config);
  await open();
  const events = seededEvents(Date.parse(`${FROM}T00:00:00Z`) - 86_400_000, 21);
  for (let start = 0; start < events.length; start += 700)
    await store.append(events.slice(start, start + 700));
});
afterAll(async () => {
  await store?.close();
  await config?.close();
});

describe('the report summary', () => {
  it('marks what was appended pending, and sums closed quarter hours', async () => {
    // Seeded events are spread thin: too many pending stretches for one report's SQL, so reports
    // read the raw events alone until the summary is filled in.
    expect(await pendingStored()).toBeGreaterThan(64);
    expect((await store.reportSources()).summary).toBeNull();
    await expectSameAnswers();
    expect(store.summaryStatus()).toMatchObject({
      checked: true,
      due: await pendingStored(),
      lastError: null,
    });
    await summedAll();
    expect(await pendingNow()).toEqual([]);
    expect(store.summaryStatus()).toMatchObject({ checked: true, pending: 0, due: 0 });
    expect(store.summaryStatus().lastRefreshAt).toBeGreaterThan(Date.now() - 60_000);
    const [summed] = await store.query('SELECT sum(clicks) AS clicks FROM report_summary');
    const [events] = await store.query('SELECT count(*) AS clicks FROM events WHERE kind = 1');
    expect(Number(summed?.clicks)).toBe(Number(events?.clicks));
    await expectSameAnswers();
  });

  it('is what reports read where it keeps every column they need', async () => {
    // Its dimensions, the sums (7 clicks; the custom event counts 0) and the events it sums.
    const row = `TIMESTAMP '2026-03-25 10:00:00', 99, 0, 0, 0, 0, 0, 0, 0, 0, 'DE', 7, 0, 0, 0, 0, 0, 0, 0, 0, ${'0, '.repeat(CUSTOM_EVENT_SLOTS)}7`;
    await store.query(`INSERT INTO report_summary VALUES (${row})`);
    try {
      const byCampaign = reportQuerySchema.parse({ groupBy: 'campaign,country', ...scope });
      const answer = await summarized.report(byCampaign, everyone);
      expect(answer.rows.find((item) => item.value === 99)?.metrics.clicks).toBe(7);
      expect((await raw.report(byCampaign, everyone)).rows.some((item) => item.value === 99)).toBe(false);
      // A column it does not keep, or a range that cuts a quarter hour: the raw events answer.
      for (const query of [
        { groupBy: 'campaign,os', ...scope },
        { groupBy: 'campaign', from: '2026-03-20T00:05:00Z', to: '2026-04-08T00:00:00Z', timezone: ZONE },
      ]) {
        const parsed = reportQuerySchema.parse(query);
        expect(await summarized.report(parsed, everyone)).toEqual(await raw.report(parsed, everyone));
      }
    } finally {
      await store.query(`DELETE FROM report_summary WHERE campaign_id = 99`);
    }
  });

  it('decides from the columns, the range and the zone offsets', () => {
    const summary = {
      relation: 'report_summary',
      columns: ['campaign_id', 'country'],
      slotMs: SUMMARY_SLOT_MS,
      pending: [],
    };
    const prepared = {
      range: { from: Date.parse('2026-03-20T00:00:00Z'), to: Date.parse('2026-03-21T00:00:00Z') },
      timezone: 'Asia/Kathmandu',
      segments: [{ from: Date.parse('2026-03-20T00:00:00Z'), offset: 345 }],
      sources: { events: 'events', rollup: null, summary },
      filters: { country: ['DE'] },
      campaignIds: [1],
      time: 'ts' as const,
      empty: false,
    };
    expect(sourcesFor(prepared, ['campaign_id']).summary).toBe(summary);
    // Its slots are by each event's own time: a report by click time reads the raw events.
    expect(sourcesFor({ ...prepared, time: 'click_ts' }, ['campaign_id']).summary).toBeNull();
    expect(sourcesFor(prepared, ['offer_id']).summary).toBeNull();
    expect(sourcesFor({ ...prepared, filters: { os: ['iOS'] } }, []).summary).toBeNull();
    const cut = { ...prepared.range, to: prepared.range.to - 60_000 };
    expect(sourcesFor({ ...prepared, range: cut }, []).summary).toBeNull();
    // A zone offset of seconds (local mean time) would split quarter hours.
    const lmt = [...prepared.segments, { from: prepared.range.from + SUMMARY_SLOT_MS, offset: 5.5 }];
    expect(sourcesFor({ ...prepared, segments: lmt }, []).summary).toBeNull();
  });

  it('reads a late event in a summed quarter hour raw until it is summed again', async () => {
    const before = await clicksOf(raw);
    await store.append([
      click('late-1', '2026-03-25T10:07:00Z', { campaignId: 2, offerId: 1, country: 'DE' }),
      click('late-2', '2026-03-25T10:08:00Z', { campaignId: 2, offerId: 1, country: 'DE' }),
    ]);
    const late = Date.parse('2026-03-25T10:00:00Z');
    expect(await pendingNow()).toEqual([[late, late + SUMMARY_SLOT_MS]]);
    expect(await clicksOf(summarized)).toBe(before + 2);
    await expectSameAnswers();
    await summedAll();
    expect(await pendingNow()).toEqual([]);
    expect(await clicksOf(summarized)).toBe(before + 2);
  });

  it('marks what journal files bring, from the span the journal noted or by reading it back', async () => {
    const quiet = { warn: () => undefined, error: () => undefined };
    const journal = Journal.open(path.join(dir, 'journal'), { storedUpTo: -1, logger: quiet });
    const at = (iso: string, id: string) => click(id, iso, { campaignId: 5, offerId: 2, country: 'FR' });
    journal.append(at('2026-03-26T08:01:00Z', 'j1'));
    journal.append(at('2026-03-26T08:20:00Z', 'j2'));
    journal.rotate();
    journal.append(at('2026-03-27T17:40:00Z', 'j3'));
    journal.close();
    const [noted, leftover] = journal.closedSegments;
    const before = await clicksOf(raw);
    // A live flush passes the span its journal noted; a segment left by an earlier run has none.
    await store.appendJournalFiles([noted?.file ?? ''], { source: 'j', position: 1 }, noted?.times);
    expect(noted?.times).toEqual({
      from: Date.parse('2026-03-26T08:01:00Z'),
      to: Date.parse('2026-03-26T08:20:00Z'),
    });
    await store.appendJournalFiles([leftover?.file ?? ''], { source: 'j', position: 2 }, null);
    const slot = (iso: string) => [Date.parse(iso), Date.parse(iso) + SUMMARY_SLOT_MS];
    expect(await pendingNow()).toEqual([
      [Date.parse('2026-03-26T08:00:00Z'), Date.parse('2026-03-26T08:30:00Z')],
      slot('2026-03-27T17:30:00Z'),
    ]);
    expect(await clicksOf(summarized)).toBe(before + 3);
    await expectSameAnswers();
    await summedAll();
    expect(await clicksOf(summarized)).toBe(before + 3);
  });

  it('keeps the quarter hour the clock is in pending', async () => {
    await store.append([click('now-1', new Date(clock).toISOString(), { campaignId: 1 })]);
    await summedAll();
    const open = Math.floor(clock / SUMMARY_SLOT_MS) * SUMMARY_SLOT_MS;
    expect(await pendingNow()).toEqual([[open, open + SUMMARY_SLOT_MS]]);
  });

  it('stays exact through a clear that cuts a quarter hour, and after a restart', async () => {
    const before = Date.parse('2026-03-27T06:20:00Z');
    await store.clearBefore({ before, only: null, keep: [3] });
    const cut = Math.floor(before / SUMMARY_SLOT_MS) * SUMMARY_SLOT_MS;
    expect(await pendingNow()).toContainEqual([cut, cut + SUMMARY_SLOT_MS]);
    await expectSameAnswers();
    await summedAll();
    await expectSameAnswers();
    await store.append([click('after-restart', '2026-03-30T08:00:00Z', { campaignId: 4 })]);
    const pending = await pendingNow();
    await store.close();
    await open();
    expect(await pendingNow()).toEqual(pending);
    await expectSameAnswers();
  });

  it('is checked against the events at every start, and heals what a writer unaware of it changed', async () => {
    await summedAll();
    // As a release from before the summary would, run on this file again: events appended unmarked.
    await store.query(
      `INSERT INTO events SELECT * FROM events WHERE kind = 1 AND ts >= TIMESTAMP '2026-03-31 00:00:00' AND ts < TIMESTAMP '2026-03-31 06:00:00'`,
    );
    const stale = await clicksOf(summarized);
    expect(await clicksOf(raw)).toBeGreaterThan(stale);
    await store.close();
    store = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'), STILL);
    // Until the check is done, reports read the raw events alone.
    expect((await store.reportSources()).summary).toBeNull();
    await store.summaryChecked();
    summarized = new ReportService(store, config, () => NOW);
    raw = new ReportService(store, config, () => NOW, { rawEventsOnly: true });
    expect((await pendingNow()).length).toBeGreaterThan(1);
    await expectSameAnswers();
    await summedAll();
    await expectSameAnswers();
  });

  it('fills in for events stored before it existed', async () => {
    // The events file as the release before the summary left it: no summary tables, schema version 2.
    await store.query('DROP TABLE report_summary');
    await store.query('DROP TABLE report_summary_pending');
    await store.query('DELETE FROM event_schema WHERE version > 2');
    await store.query('CHECKPOINT');
    await store.close();
    await open();
    expect(await pendingStored()).toBeGreaterThan(64);
    await expectSameAnswers();
    await summedAll();
    const [summed] = await store.query('SELECT sum(clicks) AS clicks FROM report_summary');
    const [events] = await store.query('SELECT count(*) AS clicks FROM events WHERE kind = 1');
    expect(Number(summed?.clicks)).toBeGreaterThan(2000);
    // The open quarter hour's click is still read raw.
    expect(Number(summed?.clicks)).toBe(Number(events?.clicks) - 1);
    await expectSameAnswers();
  });
});
