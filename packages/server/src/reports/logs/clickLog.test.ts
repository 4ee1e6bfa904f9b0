import { clickLogQuerySchema, entityStatsQuerySchema } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import { click, conversion, lpClick } from '../../../test-support/reports.ts';
import { mintClickId } from '../../events/clickId.ts';
import { HttpError } from '../../http.ts';
import type { RunningCairn } from '../../index.ts';
import { ReportService } from '../service.ts';

// The click log and the numbers next to entity lists, on hand-made events in the real stores.
let cairn: RunningCairn;
let service: ReportService;
let alpha = 0;
let beta = 0;
// Real ids, minted at their clicks' times: a search by id reads the hour around the time an id carries.
const old = mintClickId(Date.parse('2026-01-05T08:00:00Z'));
const oldTwin = mintClickId(Date.parse('2026-01-05T08:00:00Z'));

beforeAll(async () => {
  const admin = await signedInAdmin();
  cairn = admin.cairn;
  const offerId = (await kindClient(admin.browser, 'offer').make({ name: 'O', url: 'https://o.example/' }))
    .id;
  const flow = { defaultPaths: [{ name: 'Main', offers: [{ offerId }] }] };
  alpha = (await kindClient(admin.browser, 'campaign').make({ name: 'Alpha', flow })).id;
  beta = (await kindClient(admin.browser, 'campaign').make({ name: 'Beta', flow })).id;
  service = new ReportService(cairn.events, cairn.store, () => Date.parse('2026-03-31T12:00:00Z'));
  const same = '2026-02-20T10:00:00Z';
  const first = click('k1', '2026-02-20T09:00:00Z', { campaignId: alpha, country: 'DE', costMicros: 700 });
  await cairn.events.append([
    first,
    click('k2', same, { campaignId: alpha, country: 'FR', rule: 0, path: 1, tokens: tokens('blue') }),
    click('k3', same, { campaignId: beta, country: 'DE', isBot: true }),
    click('k4', same, { campaignId: alpha, country: 'DE', isUnique: true }),
    click('k5', '2026-02-20T11:00:00Z', { campaignId: beta, country: 'US', costMicros: 300 }),
    lpClick(first, '2026-02-20T12:00:00Z'),
    conversion(first, '2026-02-20T13:00:00Z', { status: 'approved', approved: 1, revenueMicros: 9_000 }),
    click(old, '2026-01-05T08:00:00Z', { campaignId: beta, country: 'NL', tokens: tokens('', 'zone-77') }),
    click(oldTwin, '2026-01-05T08:00:00Z', { campaignId: beta, country: 'NL' }),
    click('k6', '2026-02-21T12:00:00Z', { campaignId: alpha, externalId: 'zone-77' }),
  ]);
});
afterAll(async () => {
  await cairn.close();
});

function tokens(first: string, twentieth = ''): string[] {
  return Array.from({ length: 30 }, (_, index) => (index === 0 ? first : index === 19 ? twentieth : ''));
}

const range = { from: '2026-02-20', to: '2026-02-20' };

describe('click log', () => {
  const page = (query: Record<string, string>, campaignIds: number[] | null = null) =>
    service.clicks(clickLogQuerySchema.parse({ ...range, ...query }), { campaignIds });

  it('lists raw clicks newest first, a page at a time, ties broken by click id', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result = await page({ limit: '2', columns: 'campaign', ...(cursor ? { cursor } : {}) });
      seen.push(...result.rows.map((row) => String(row.click_id)));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual(['k5', 'k4', 'k3', 'k2', 'k1']);
    expect(pages).toBe(3);
  });

  it('gives the columns asked for, entities and paths with their names', async () => {
    const result = await page({
      columns: 'campaign,path,country,token_1,bot,unique,cost',
      'filter[country]': 'FR',
    });
    expect(result.rows).toEqual([
      {
        time: '2026-02-20T10:00:00.000Z',
        click_id: 'k2',
        campaign: { value: alpha, name: 'Alpha' },
        path: { value: `c${alpha}:0:1`, name: 'Default paths: Main' },
        country: 'FR',
        token_1: 'blue',
        bot: false,
        unique: false,
        cost: 0,
      },
    ]);
    expect(result.nextCursor).toBeNull();
  });

  it('shows only the clicks of campaigns the viewer may read', async () => {
    const result = await page({ columns: 'campaign' }, [beta]);
    expect(result.rows.map((row) => row.click_id)).toEqual(['k5', 'k3']);
    expect((await page({}, [])).rows).toEqual([]);
  });

  it('finds a pasted click id outside the period and its filters, and only that click', async () => {
    const found = await page({
      clickId: ` ${old.toUpperCase()}\t`,
      'filter[country]': 'FR',
      columns: 'country',
    });
    expect(found.rows).toEqual([{ time: '2026-01-05T08:00:00.000Z', click_id: old, country: 'NL' }]);
    // Another campaign's click stays unseen however exactly its id is known.
    expect((await page({ clickId: old }, [alpha])).rows).toEqual([]);
    expect((await page({ clickId: mintClickId(Date.parse('2026-01-05T08:00:00Z')) })).rows).toEqual([]);
  });

  it('finds a token value in any slot or the external id, exactly and within the period', async () => {
    const all = { from: '2026-01-01', to: '2026-02-28' };
    const ids = async (query: Record<string, string>) =>
      (await page({ ...all, ...query })).rows.map((row) => row.click_id);
    expect(await ids({ token: 'zone-77' })).toEqual(['k6', old]);
    expect(await ids({ token: 'zone-7' })).toEqual([]);
    expect(await ids({ token: 'blue' })).toEqual(['k2']);
    expect(await ids({ token: 'zone-77', from: '2026-02-21', to: '2026-02-21' })).toEqual(['k6']);
  });

  it('refuses a cursor it did not hand out, naming it', async () => {
    const forged = Buffer.from('["soon","k1"]').toString('base64url');
    await expect(page({ cursor: forged })).rejects.toMatchObject({ status: 400 });
    await expect(page({ cursor: forged })).rejects.toBeInstanceOf(HttpError);
  });
});

describe('entity stats', () => {
  const stats = (
    query: Record<string, string>,
    campaignIds: number[] | null = null,
    kindIds: number[] | null = null,
  ) => service.entityStats(entityStatsQuerySchema.parse({ ...range, ...query }), { campaignIds }, kindIds);

  it('answers the metrics of each id asked for, and their totals', async () => {
    const result = await stats({ kind: 'campaign', ids: `${alpha},${beta},999` });
    expect(Object.keys(result.stats).sort()).toEqual([String(alpha), String(beta)].sort());
    expect(result.stats[String(alpha)]).toMatchObject({
      clicks: 3,
      cost: 700,
      revenue: 9_000,
      leads: 1,
      lpClicks: 1,
    });
    expect(result.stats[String(beta)]).toMatchObject({ clicks: 2, cost: 300, revenue: 0 });
    expect(result.totals).toMatchObject({ clicks: 5, cost: 1_000, revenue: 9_000, profit: 8_000 });
    expect(result.order).toBeUndefined();
  });

  it('orders ids by a metric, ids without events taking zeros', async () => {
    const byProfit = await stats({ kind: 'campaign', ids: `999,${beta},${alpha}`, sortBy: 'profit' });
    expect(byProfit.order).toEqual([alpha, 999, beta]);
    const fewest = await stats({ kind: 'campaign', sortBy: 'clicks', order: 'asc' });
    expect(fewest.order).toEqual([beta, alpha]);
  });

  it('keeps to the items and campaigns the viewer may read', async () => {
    const mine = await stats({ kind: 'campaign' }, [alpha], [alpha]);
    expect(Object.keys(mine.stats)).toEqual([String(alpha)]);
    const restricted = await stats({ kind: 'campaign', ids: `${alpha},${beta}` }, null, [beta]);
    expect(Object.keys(restricted.stats)).toEqual([String(beta)]);
    const nothing = await stats({ kind: 'offer' }, [], null);
    expect(nothing.stats).toEqual({});
    expect(nothing.totals.clicks).toBe(0);
  });
});
