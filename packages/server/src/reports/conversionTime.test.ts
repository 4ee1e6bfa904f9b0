import { reportExportQuerySchema, reportQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click, conversion, lpClick } from '../../test-support/reports.ts';
import type { RunningCairn } from '../index.ts';
import { ReportService } from './service.ts';

// `conversionTime`: the engine on hand-made events in the real event store, clicks on one day and their
// conversions on the next, counted at each event's own time or at its click's.
let cairn: RunningCairn;
let service: ReportService;
const ids = { alpha: 0, beta: 0, offerOne: 0 };

beforeAll(async () => {
  const admin = await signedInAdmin();
  cairn = admin.cairn;
  ids.offerOne = (
    await kindClient(admin.browser, 'offer').make({ name: 'Offer One', url: 'https://one.example/' })
  ).id;
  const flow = { defaultPaths: [{ name: 'Main', offers: [{ offerId: ids.offerOne }] }] };
  const campaigns = kindClient(admin.browser, 'campaign');
  ids.alpha = (await campaigns.make({ name: 'Alpha', flow })).id;
  ids.beta = (await campaigns.make({ name: 'Beta', flow })).id;
  service = new ReportService(cairn.events, cairn.store, () => Date.parse('2025-11-20T12:00:00Z'));
});
afterAll(async () => {
  await cairn.close();
});

const report = (query: Record<string, string>) =>
  service.report(reportQuerySchema.parse(query), { campaignIds: null });

describe('counting conversions at conversion time or at click time', () => {
  // Monday's clicks convert on Tuesday (one after midnight in Berlin, still Monday in UTC); Tuesday has
  // clicks of its own that do not convert.
  const monday = { from: '2025-11-10', to: '2025-11-10', timezone: 'Europe/Berlin' };
  const tuesday = { from: '2025-11-11', to: '2025-11-11', timezone: 'Europe/Berlin' };
  const both = { from: '2025-11-10', to: '2025-11-11', timezone: 'Europe/Berlin' };
  beforeAll(async () => {
    const paid = { campaignId: ids.alpha, offerId: ids.offerOne, costMicros: 100_000 };
    const k1 = click('k1', '2025-11-10T09:00:00Z', paid);
    const k2 = click('k2', '2025-11-10T15:00:00Z', paid);
    const k3 = click('k3', '2025-11-10T20:00:00Z', { ...paid, campaignId: ids.beta });
    await cairn.events.append([
      k1,
      k2,
      k3,
      click('k4', '2025-11-11T10:00:00Z', paid),
      click('k5', '2025-11-11T11:00:00Z', paid),
      lpClick(k2, '2025-11-10T15:00:05Z'),
      conversion(k1, '2025-11-11T08:00:00Z', { status: 'approved', approved: 1, revenueMicros: 4_000_000 }),
      conversion(k2, '2025-11-11T09:00:00Z', { status: 'pending', pending: 1, revenueMicros: 1_000_000 }),
      // 23:30 UTC is Tuesday 00:30 in Berlin.
      conversion(k3, '2025-11-10T23:30:00Z', { status: 'approved', approved: 1, revenueMicros: 2_000_000 }),
      // k2's sale approved on Tuesday: in the click's cohort, Monday again.
      conversion(k2, '2025-11-11T12:00:00Z', { status: 'approved', approved: 1, pending: -1, seq: 2 }),
    ]);
  });

  const totals = async (scope: Record<string, string>) => {
    const { clicks, leads, leadsApproved, leadsPending, revenue, cost } = (
      await report({ groupBy: 'campaign', ...scope })
    ).totals;
    return { clicks, leads, leadsApproved, leadsPending, revenue, cost };
  };

  it('counts a conversion on its own day by default, on its click day as a cohort', async () => {
    const atConversion = {
      clicks: 3,
      leads: 0,
      leadsApproved: 0,
      leadsPending: 0,
      revenue: 0,
      cost: 300_000,
    };
    expect(await totals(monday)).toEqual(atConversion);
    expect(await totals({ ...monday, conversionTime: 'conversion' })).toEqual(atConversion);
    expect(await totals({ ...monday, conversionTime: 'click' })).toEqual({
      clicks: 3,
      leads: 3,
      leadsApproved: 3,
      leadsPending: 0,
      revenue: 7_000_000,
      cost: 300_000,
    });
    expect(await totals(tuesday)).toEqual({
      clicks: 2,
      leads: 3,
      leadsApproved: 3,
      leadsPending: 0,
      revenue: 7_000_000,
      cost: 200_000,
    });
    expect(await totals({ ...tuesday, conversionTime: 'click' })).toEqual({
      clicks: 2,
      leads: 0,
      leadsApproved: 0,
      leadsPending: 0,
      revenue: 0,
      cost: 200_000,
    });
  });

  it('puts every event of a click in the click time bucket, and the sums over both days agree', async () => {
    const byDay = async (conversionTime: string) =>
      (await report({ groupBy: 'day', ...both, conversionTime })).rows.map((row) => [
        row.value,
        row.metrics.clicks,
        row.metrics.lpClicks,
        row.metrics.leads,
        row.metrics.revenue,
      ]);
    expect(await byDay('conversion')).toEqual([
      ['2025-11-10', 3, 1, 0, 0],
      ['2025-11-11', 2, 0, 3, 7_000_000],
    ]);
    expect(await byDay('click')).toEqual([
      ['2025-11-10', 3, 1, 3, 7_000_000],
      ['2025-11-11', 2, 0, 0, 0],
    ]);
    expect(await totals({ ...both, conversionTime: 'click' })).toEqual(await totals(both));
    // Hours in the zone: Beta's click at 21:00 Berlin holds its sale, made at 00:30 the next day.
    const hours = await report({
      groupBy: 'hour',
      ...both,
      conversionTime: 'click',
      'filter[campaign]': String(ids.beta),
    });
    expect(hours.rows.map((row) => [row.value, row.metrics.leads])).toEqual([['2025-11-10 21:00', 1]]);
  });

  it('filters by the click day when counting by click time', async () => {
    const result = await report({
      groupBy: 'campaign',
      ...both,
      conversionTime: 'click',
      'filter[day]': '2025-11-10',
    });
    expect(result.rows.map((row) => [row.name, row.metrics.leads, row.metrics.revenue])).toEqual([
      ['Alpha', 2, 5_000_000],
      ['Beta', 1, 2_000_000],
    ]);
  });
});

describe('the export', () => {
  it('counts as the report does, by click time when asked', async () => {
    const query = { groupBy: 'day', from: '2025-11-10', to: '2025-11-11', timezone: 'Europe/Berlin' };
    const exported = async (conversionTime: string) => {
      const rows: [string | undefined, number][] = [];
      const parsed = reportExportQuerySchema.parse({ ...query, conversionTime });
      for await (const part of service.exportRows(parsed, { campaignIds: null })) {
        if (!('rows' in part)) continue;
        for (const row of part.rows) rows.push([row.names[0], row.metrics.leads]);
      }
      return rows;
    };
    const [clickDays, conversionDays] = [await exported('click'), await exported('conversion')];
    expect(clickDays.map(([, leads]) => leads)).toEqual([3, 0]);
    expect(conversionDays.map(([, leads]) => leads)).toEqual([0, 3]);
    expect(clickDays.map(([day]) => day)).toEqual(conversionDays.map(([day]) => day));
  });
});
