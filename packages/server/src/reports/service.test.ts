import {
  NO_CUSTOM_EVENTS,
  type ReportMetrics,
  type ReportResponse,
  type ReportRow,
  reportQuerySchema,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click, conversion, lpClick } from '../../test-support/reports.ts';
import type { RunningCairn } from '../index.ts';
import { ReportService } from './service.ts';

// The engine on hand-made events in the real event store, names from the real configuration store
// (entities made through the API). Each describe keeps its events on days of its own.
let cairn: RunningCairn;
let service: ReportService;
const ids = { alpha: 0, beta: 0, gamma: 0, offerOne: 0, offerTwo: 0 };

beforeAll(async () => {
  const admin = await signedInAdmin();
  cairn = admin.cairn;
  const offers = kindClient(admin.browser, 'offer');
  ids.offerOne = (await offers.make({ name: 'Offer One', url: 'https://one.example/' })).id;
  ids.offerTwo = (await offers.make({ name: 'Offer Two', url: 'https://two.example/' })).id;
  const flow = { defaultPaths: [{ name: 'Main', offers: [{ offerId: ids.offerOne }] }] };
  const campaigns = kindClient(admin.browser, 'campaign');
  ids.alpha = (await campaigns.make({ name: 'Alpha', flow })).id;
  ids.beta = (await campaigns.make({ name: 'Beta', flow })).id;
  ids.gamma = (await campaigns.make({ name: 'Gamma', flow })).id;
  service = new ReportService(cairn.events, cairn.store, () => Date.parse('2026-03-31T12:00:00Z'));
});
afterAll(async () => {
  await cairn.close();
});

const report = (query: Record<string, string>, campaignIds: number[] | null = null) =>
  service.report(reportQuerySchema.parse(query), { campaignIds });
const byValue = (rows: readonly ReportRow[]) =>
  Object.fromEntries(rows.map((row) => [String(row.value ?? 'others'), row.metrics.clicks]));
const clicksBy = async (groupBy: string, scope: Record<string, string>) =>
  byValue((await report({ groupBy, ...scope })).rows);
const weekdayClicks = async (scope: Record<string, string>) =>
  (await report({ groupBy: 'day_of_week', ...scope })).rows.map((row) => [row.name, row.metrics.clicks]);

describe('metrics', () => {
  const day = { from: '2026-01-10', to: '2026-01-10', timezone: 'UTC' };
  beforeAll(async () => {
    const paid = { campaignId: ids.alpha, offerId: ids.offerOne, costMicros: 500_000 };
    const m1 = click('m1', '2026-01-10T10:00:00Z', { ...paid, landingId: 9, isUnique: true });
    const m2 = click('m2', '2026-01-10T10:01:00Z', { ...paid, landingId: 9, isUnique: true });
    const m3 = click('m3', '2026-01-10T10:02:00Z', { ...paid, landingId: 9 });
    const m4 = click('m4', '2026-01-10T10:03:00Z', paid);
    // Beta: a conversion today of a click from yesterday (no clicks, no cost in the range).
    const old = click('m0', '2026-01-09T10:00:00Z', { campaignId: ids.beta, costMicros: 300_000 });
    await cairn.events.append([
      m1,
      m2,
      m3,
      m4,
      old,
      click('m5', '2026-01-10T11:00:00Z', { campaignId: ids.gamma }),
      lpClick(m1, '2026-01-10T10:00:05Z'),
      lpClick(m2, '2026-01-10T10:01:05Z'),
      conversion(m1, '2026-01-10T12:00:00Z', { status: 'approved', approved: 1, revenueMicros: 10_000_000 }),
      conversion(m2, '2026-01-10T12:01:00Z', { status: 'pending', pending: 1, revenueMicros: 5_000_000 }),
      conversion(m3, '2026-01-10T12:02:00Z', { status: 'declined', declined: 1 }),
      // The chargeback of m1's sale: approved -1, declined +1, its payout taken back.
      conversion(m1, '2026-01-10T18:00:00Z', {
        status: 'declined',
        approved: -1,
        declined: 1,
        revenueMicros: -10_000_000,
        seq: 2,
      }),
      conversion(old, '2026-01-10T09:00:00Z', { status: 'approved', approved: 1, revenueMicros: 2_000_000 }),
    ]);
  });

  it('computes every metric from the sums, chargebacks included', async () => {
    const result = await report({ groupBy: 'campaign', ...day });
    const alpha = result.rows.find((row) => row.value === ids.alpha);
    expect(alpha?.name).toBe('Alpha');
    expect(alpha?.metrics).toEqual({
      clicks: 4,
      uniqueClicks: 2,
      lpViews: 3,
      lpClicks: 2,
      lpCtr: 200 / 3,
      leads: 1,
      leadsApproved: 0,
      leadsPending: 1,
      leadsDeclined: 2,
      cr: 25,
      revenue: 5_000_000,
      cost: 2_000_000,
      profit: 3_000_000,
      roi: 150,
      epc: 1_250_000,
      cpc: 500_000,
      ...NO_CUSTOM_EVENTS,
    } satisfies ReportMetrics);
  });

  it('answers 0 for a ratio whose divisor is 0, never NaN or Infinity', async () => {
    const result = await report({ groupBy: 'campaign', ...day });
    const beta = result.rows.find((row) => row.value === ids.beta)?.metrics;
    expect(beta).toMatchObject({ clicks: 0, cost: 0, revenue: 2_000_000, profit: 2_000_000, leads: 1 });
    expect(beta).toMatchObject({ cr: 0, epc: 0, cpc: 0, roi: 0, lpCtr: 0 });
    const gamma = result.rows.find((row) => row.value === ids.gamma)?.metrics;
    expect(gamma).toMatchObject({ clicks: 1, lpViews: 0, cost: 0, lpCtr: 0, roi: 0, cr: 0, cpc: 0 });
    for (const value of JSON.stringify(result).match(/-?[\d.e+]+|NaN|Infinity|null/g) ?? []) {
      expect(['NaN', 'Infinity', '-Infinity']).not.toContain(value);
    }
  });

  it('totals every row', async () => {
    const result = await report({ groupBy: 'campaign', ...day });
    expect(result.totals).toMatchObject({ clicks: 5, revenue: 7_000_000, cost: 2_000_000, leads: 2, cr: 40 });
    expect(result.range).toEqual({ from: '2026-01-10T00:00:00.000Z', to: '2026-01-11T00:00:00.000Z' });
  });

  it('groups by conversion status as each event recorded it', async () => {
    const result = await report({ groupBy: 'conversion_status', ...day });
    const statuses = Object.fromEntries(result.rows.map((row) => [row.name, row.metrics]));
    expect(statuses['No conversion']).toMatchObject({ clicks: 5, lpClicks: 2 });
    expect(statuses.Declined).toMatchObject({ clicks: 0, leadsDeclined: 2, leadsApproved: -1 });
  });

  it('shows only the campaigns the viewer may read', async () => {
    const result = await report({ groupBy: 'campaign', ...day }, [ids.beta, ids.gamma]);
    expect(result.rows.map((row) => row.value).sort()).toEqual([ids.beta, ids.gamma].sort());
    expect(result.totals.clicks).toBe(1);
    const none = await report({ groupBy: 'campaign', ...day }, []);
    expect(none.rows).toEqual([]);
    expect(none.totals.clicks).toBe(0);
  });
});

// Berlin moves from +01:00 to +02:00 at 2026-03-29 01:00 UTC.
describe('time buckets in the viewer zone', () => {
  const berlin = {
    from: '2026-03-28',
    to: '2026-03-30',
    timezone: 'Europe/Berlin',
    'filter[campaign]': '77',
  };
  beforeAll(async () => {
    const times = [
      '2026-03-27T22:59:00Z', // 27th 23:59 local: before the range
      '2026-03-27T23:30:00Z', // 28th 00:30
      '2026-03-28T22:30:00Z', // 28th 23:30
      '2026-03-28T23:30:00Z', // 29th 00:30
      '2026-03-29T00:59:59Z', // 29th 01:59 (+01:00)
      '2026-03-29T01:00:00Z', // 29th 03:00 (+02:00)
      '2026-03-29T21:59:00Z', // 29th 23:59
      '2026-03-29T22:00:00Z', // 30th 00:00
      '2026-03-30T21:59:00Z', // 30th 23:59
      '2026-03-30T22:00:00Z', // 31st 00:00: after the range
    ];
    await cairn.events.append(times.map((time, index) => click(`dst${index}`, time, { campaignId: 77 })));
  });

  it('counts local days across the change', async () => {
    expect(await clicksBy('day', berlin)).toEqual({
      '2026-03-28': 2,
      '2026-03-29': 4,
      '2026-03-30': 2,
    });
  });

  it('has no 02:00 hour on the night of the change', async () => {
    expect(await clicksBy('hour', { ...berlin, 'filter[day]': '2026-03-29' })).toEqual({
      '2026-03-29 00:00': 1,
      '2026-03-29 01:00': 1,
      '2026-03-29 03:00': 1,
      '2026-03-29 23:00': 1,
    });
    const ofDay = await report({ groupBy: 'hour_of_day', ...berlin, 'filter[day]': '2026-03-29' });
    expect(ofDay.rows.map((row) => [row.value, row.name])).toEqual([
      [0, '00:00'],
      [1, '01:00'],
      [3, '03:00'],
      [23, '23:00'],
    ]);
  });

  it('reads days and hours west of UTC, on whole and half-hour offsets', async () => {
    // New York is at -04:00 and St. John's at -02:30 on these days: every click falls hours earlier.
    const newYork = { ...berlin, timezone: 'America/New_York' };
    expect(await clicksBy('day', newYork)).toEqual({
      '2026-03-28': 4,
      '2026-03-29': 2,
      '2026-03-30': 2,
    });
    expect(await clicksBy('hour', { ...newYork, 'filter[day]': '2026-03-28' })).toEqual({
      '2026-03-28 18:00': 1,
      '2026-03-28 19:00': 1,
      '2026-03-28 20:00': 1,
      '2026-03-28 21:00': 1,
    });
    const stJohns = { ...berlin, timezone: 'America/St_Johns', 'filter[day]': '2026-03-28' };
    expect(await clicksBy('hour', stJohns)).toEqual({
      '2026-03-28 20:00': 1,
      '2026-03-28 21:00': 1,
      '2026-03-28 22:00': 2,
    });
    expect(await weekdayClicks(newYork)).toEqual([
      ['Monday', 2],
      ['Saturday', 4],
      ['Sunday', 2],
    ]);
  });

  it('reads the same events in UTC as UTC hours', async () => {
    const utc = { ...berlin, timezone: 'UTC', 'filter[day]': '2026-03-29' };
    expect(await clicksBy('hour', utc)).toEqual({
      '2026-03-29 00:00': 1,
      '2026-03-29 01:00': 1,
      '2026-03-29 21:00': 1,
      '2026-03-29 22:00': 1,
    });
  });

  it('groups weeks from Monday, months, weekdays, and an open range by the events it holds', async () => {
    expect(await clicksBy('week', berlin)).toEqual({
      '2026-03-23': 6,
      '2026-03-30': 2,
    });
    expect(await weekdayClicks(berlin)).toEqual([
      ['Monday', 2],
      ['Saturday', 2],
      ['Sunday', 4],
    ]);
    const all = await report({
      groupBy: 'month,day',
      preset: 'all_time',
      timezone: 'Europe/Berlin',
      'filter[campaign]': '77',
    });
    expect(all.rows.map((row) => [row.value, byValue(row.children ?? [])])).toEqual([
      ['2026-03', { '2026-03-27': 1, '2026-03-28': 2, '2026-03-29': 4, '2026-03-30': 2, '2026-03-31': 1 }],
    ]);
    expect(all.range).toEqual({ from: null, to: null });
  });
});

describe('nesting, top N and others', () => {
  const day = { from: '2026-02-10', to: '2026-02-10' };
  beforeAll(async () => {
    const rows: [number, number, string][] = [
      [ids.alpha, ids.offerOne, 'DE'],
      [ids.alpha, ids.offerOne, 'DE'],
      [ids.alpha, ids.offerOne, 'FR'],
      [ids.alpha, ids.offerTwo, 'US'],
      [ids.alpha, ids.offerTwo, 'US'],
      [ids.beta, ids.offerOne, 'DE'],
      [ids.beta, ids.offerOne, 'DE'],
      [ids.beta, ids.offerOne, 'GB'],
      [ids.gamma, ids.offerTwo, 'FR'],
    ];
    await cairn.events.append(
      rows.map(([campaignId, offerId, country], index) =>
        click(`n${index}`, `2026-02-10T0${index}:00:00Z`, {
          campaignId,
          offerId,
          country,
          isUnique: index % 2 === 0,
          tokens: Array.from({ length: 30 }, (_, slot) => (slot === 0 ? `kw${index % 3}` : '')),
        }),
      ),
    );
  });

  const shape = (rows: readonly ReportRow[] = []): unknown[] =>
    rows.map((row) => [
      row.name,
      row.metrics.clicks,
      row.others ?? 0,
      ...(row.children ? [shape(row.children)] : []),
    ]);

  it('keeps the top rows of every level and folds the rest into one others row per parent', async () => {
    const result = await report({ groupBy: 'campaign,offer,country', ...day, limit: '2,1,1' });
    expect(shape(result.rows)).toEqual([
      [
        'Alpha',
        5,
        0,
        [
          [
            'Offer One',
            3,
            0,
            [
              ['Germany', 2, 0],
              ['Others', 1, 1],
            ],
          ],
          ['Others', 2, 1],
        ],
      ],
      [
        'Beta',
        3,
        0,
        [
          [
            'Offer One',
            3,
            0,
            [
              ['Germany', 2, 0],
              ['Others', 1, 1],
            ],
          ],
        ],
      ],
      ['Others', 1, 1],
    ]);
    expect(result.totals.clicks).toBe(9);
  });

  it('sorts each level by any metric or by the value', async () => {
    const byName = await report({ groupBy: 'country', ...day, sort: 'value' });
    expect(byName.rows.map((row) => row.value)).toEqual(['DE', 'FR', 'GB', 'US']);
    const fewest = await report({ groupBy: 'campaign,country', ...day, sort: 'clicks,value', order: 'asc' });
    expect(shape(fewest.rows)).toEqual([
      ['Gamma', 1, 0, [['France', 1, 0]]],
      [
        'Beta',
        3,
        0,
        [
          ['Germany', 2, 0],
          ['United Kingdom', 1, 0],
        ],
      ],
      [
        'Alpha',
        5,
        0,
        [
          ['Germany', 2, 0],
          ['France', 1, 0],
          ['United States', 2, 0],
        ],
      ],
    ]);
  });

  it('filters on any dimension, several values meaning any of them', async () => {
    const countries = await report({ groupBy: 'campaign', ...day, 'filter[country]': 'DE,FR' });
    expect(countries.totals.clicks).toBe(6);
    const combined = await report({
      groupBy: 'token_1',
      ...day,
      'filter[campaign]': String(ids.alpha),
      'filter[offer]': String(ids.offerOne),
      'filter[unique]': 'unique',
    });
    expect(byValue(combined.rows)).toEqual({ kw0: 1, kw2: 1 });
    expect((await report({ groupBy: 'country', ...day, 'filter[token_1]': 'nope' })).rows).toEqual([]);
  });
});

describe('rule and path names', () => {
  beforeAll(async () => {
    const flow = JSON.stringify({
      defaultPaths: [{ name: 'Main' }, { name: '' }],
      rules: [
        { name: 'Germans', paths: [{ name: 'Split A' }, { name: 'Split B' }] },
        { name: '', paths: [] },
      ],
    });
    await cairn.store.execute('UPDATE campaigns SET flow = $1 WHERE id = $2', [flow, ids.gamma]);
    const at = (n: number) => `2026-02-15T0${n}:00:00Z`;
    await cairn.events.append([
      click('r1', at(1), { campaignId: ids.gamma, rule: 1, path: 2 }),
      click('r2', at(2), { campaignId: ids.gamma, rule: 0, path: 1 }),
      click('r3', at(3), { campaignId: ids.gamma, rule: 0, path: 2 }),
      click('r4', at(4), { campaignId: ids.gamma, rule: 2, path: 1 }),
      click('r5', at(5), { campaignId: ids.gamma, rotationId: 4242, rule: 1, path: 1 }),
    ]);
  });

  it('names rules and paths from the flow that routed the click', async () => {
    const result: ReportResponse = await report({
      groupBy: 'path',
      from: '2026-02-15',
      to: '2026-02-15',
      sort: 'value',
    });
    expect(result.rows.map((row) => [row.value, row.name])).toEqual([
      [`c${ids.gamma}:0:1`, 'Default paths: Main'],
      [`c${ids.gamma}:0:2`, 'Default paths: Path 2'],
      [`c${ids.gamma}:1:2`, 'Germans: Split B'],
      [`c${ids.gamma}:2:1`, 'Rule 2: Path 1'],
      ['r4242:1:1', 'Rule 1: Path 1'],
    ]);
    const rules = await report({
      groupBy: 'rule',
      from: '2026-02-15',
      to: '2026-02-15',
      'filter[rule]': `c${ids.gamma}:0`,
    });
    expect(rules.rows.map((row) => [row.name, row.metrics.clicks])).toEqual([['Default paths', 2]]);
  });
});
