import {
  type ClickLogResponse,
  CUSTOM_EVENT_METRICS,
  type EntityStatsResponse,
  NO_CUSTOM_EVENTS,
  type PermissionInput,
  REPORT_PATHS,
  type ReportResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click, conversion } from '../../test-support/reports.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The report routes through the real API: validation, sign-in, permissions and hide-profit.
let cairn: RunningCairn;
let admin: TestBrowser;
let alpha = 0;
let beta = 0;
let offerId = 0;
const range = 'from=2026-02-20&to=2026-02-20&timezone=UTC';

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  offerId = (await kindClient(admin, 'offer').make({ name: 'O', url: 'https://o.example/' })).id;
  const flow = { defaultPaths: [{ offers: [{ offerId }] }] };
  alpha = (await kindClient(admin, 'campaign').make({ name: 'Alpha', flow })).id;
  beta = (await kindClient(admin, 'campaign').make({ name: 'Beta', flow })).id;
  const sale = click('a1', '2026-02-20T09:00:00Z', { campaignId: alpha, offerId, costMicros: 1_000 });
  await cairn.events.append([
    sale,
    click('a2', '2026-02-20T09:30:00Z', { campaignId: alpha, offerId, costMicros: 1_000 }),
    click('b1', '2026-02-20T10:00:00Z', { campaignId: beta, offerId, costMicros: 500 }),
    conversion(sale, '2026-02-20T11:00:00Z', { status: 'approved', approved: 1, revenueMicros: 5_000 }),
  ]);
});
afterAll(async () => {
  await cairn.close();
});

let users = 0;
async function signedInUser(permissions: PermissionInput[], hideProfit = false): Promise<TestBrowser> {
  users += 1;
  const login = `viewer-${users}`;
  const password = 'Report viewer pass 4417';
  await kindClient(admin, 'user').make({ login, password, permissions, hideProfit });
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, password)).status).toBe(200);
  return browser;
}

const allCampaigns: PermissionInput = { kind: 'campaign', scope: 'all', access: 'read' };
const allOffers: PermissionInput = { kind: 'offer', scope: 'all', access: 'read' };

describe('report routes', () => {
  it('answers the report, the click log and entity stats to a signed-in admin', async () => {
    const report = await admin.get(`${REPORT_PATHS.report}?groupBy=campaign,offer&${range}`);
    expect(report.status).toBe(200);
    const body = report.json<ReportResponse>();
    expect(body.rows.map((row) => [row.name, row.metrics.clicks, row.metrics.revenue])).toEqual([
      ['Alpha', 2, 5_000],
      ['Beta', 1, 0],
    ]);
    expect(body.rows[0]?.children?.[0]).toMatchObject({ dimension: 'offer', value: offerId, name: 'O' });
    expect(body.totals).toMatchObject({ clicks: 3, revenue: 5_000, cost: 2_500, profit: 2_500 });
    const clicks = await admin.get(`${REPORT_PATHS.clicks}?${range}&columns=campaign&limit=2`);
    expect(clicks.json<ClickLogResponse>().rows.map((row) => row.click_id)).toEqual(['b1', 'a2']);
    const stats = await admin.get(`${REPORT_PATHS.entityStats}?kind=offer&${range}`);
    expect(stats.json<EntityStatsResponse>().stats[String(offerId)]).toMatchObject({ clicks: 3 });
  });

  it('names an entity as it is now, right after a rename (names are kept between answers)', async () => {
    const names = async () => {
      const report = await admin.get(`${REPORT_PATHS.report}?groupBy=campaign,offer&${range}`);
      const log = await admin.get(`${REPORT_PATHS.clicks}?${range}&columns=campaign,offer`);
      return [
        report.json<ReportResponse>().rows.map((row) => row.name),
        log.json<ClickLogResponse>().rows.map((row) => (row.campaign as { name: string }).name),
      ];
    };
    expect(await names()).toEqual([
      ['Alpha', 'Beta'],
      ['Beta', 'Alpha', 'Alpha'],
    ]);
    const campaigns = kindClient(admin, 'campaign');
    const current = (await campaigns.get(beta)).json<Record<string, unknown>>();
    expect((await campaigns.put(beta, { ...current, name: 'Beta renamed' })).status).toBe(200);
    expect(await names()).toEqual([
      ['Alpha', 'Beta renamed'],
      ['Beta renamed', 'Alpha', 'Alpha'],
    ]);
    expect((await campaigns.put(beta, { ...current, name: 'Beta' })).status).toBe(200);
  });

  it('asks for a sign-in first', async () => {
    const anonymous = new TestBrowser(cairn.url);
    expect((await anonymous.get(`${REPORT_PATHS.report}?groupBy=campaign`)).status).toBe(401);
    expect((await anonymous.get(REPORT_PATHS.clicks)).status).toBe(401);
  });

  it('answers 400 naming the parameter for bad values', async () => {
    const refused = async (path: string, query: string) => {
      const result = await admin.get(`${path}?${query}`);
      expect(result.status, query).toBe(400);
      return errorFields(result);
    };
    const report = (query: string) => refused(REPORT_PATHS.report, query);
    expect(await report('groupBy=campaign,planet')).toEqual(['groupBy']);
    expect(await report('groupBy=a,b,c,d')).toEqual(['groupBy']);
    expect(await report('')).toEqual(['groupBy']);
    expect(await report('groupBy=campaign&preset=forever')).toEqual(['preset']);
    expect(await report('groupBy=campaign&timezone=Europe%2FNowhere')).toEqual(['timezone']);
    expect(await report('groupBy=campaign&limit=0')).toEqual(['limit']);
    expect(await report('groupBy=campaign&limit=5000')).toEqual(['limit']);
    expect(await report('groupBy=campaign&sort=fame')).toEqual(['sort']);
    expect(await report('groupBy=campaign&filter%5Bplanet%5D=Mars')).toEqual(['filter[planet]']);
    expect(await report('groupBy=campaign&from=2026-02-20&to=2026-02-19')).toEqual(['to']);
    expect(await refused(REPORT_PATHS.clicks, 'limit=501')).toEqual(['limit']);
    expect(await refused(REPORT_PATHS.clicks, 'cursor=WzEsMl0')).toEqual(['cursor']);
    expect(await refused(REPORT_PATHS.entityStats, 'kind=user')).toEqual(['kind']);
  });
});

describe('permissions', () => {
  it('shows a plain user only the campaigns they may read', async () => {
    const browser = await signedInUser([
      { kind: 'campaign', scope: 'items', access: 'read', itemIds: [beta] },
      allOffers,
    ]);
    const report = (
      await browser.get(`${REPORT_PATHS.report}?groupBy=campaign,offer&${range}`)
    ).json<ReportResponse>();
    expect(report.rows.map((row) => row.name)).toEqual(['Beta']);
    expect(report.totals).toMatchObject({ clicks: 1, cost: 500 });
    const clicks = (await browser.get(`${REPORT_PATHS.clicks}?${range}`)).json<ClickLogResponse>();
    expect(clicks.rows.map((row) => row.click_id)).toEqual(['b1']);
    const stats = (
      await browser.get(`${REPORT_PATHS.entityStats}?kind=campaign&${range}`)
    ).json<EntityStatsResponse>();
    expect(Object.keys(stats.stats)).toEqual([String(beta)]);
    const offers = (
      await browser.get(`${REPORT_PATHS.entityStats}?kind=offer&${range}`)
    ).json<EntityStatsResponse>();
    expect(offers.stats[String(offerId)]).toMatchObject({ clicks: 1 });
  });

  it('refuses reports without a campaign permission; lists of other kinds get zeros', async () => {
    const browser = await signedInUser([allOffers]);
    expect((await browser.get(`${REPORT_PATHS.report}?groupBy=offer&${range}`)).status).toBe(403);
    expect((await browser.get(`${REPORT_PATHS.clicks}?${range}`)).status).toBe(403);
    expect((await browser.get(`${REPORT_PATHS.entityStats}?kind=campaign&${range}`)).status).toBe(403);
    const offers = await browser.get(`${REPORT_PATHS.entityStats}?kind=offer&${range}`);
    expect(offers.status).toBe(200);
    expect(offers.json<EntityStatsResponse>().stats).toEqual({});
  });
});

describe('hide-profit', () => {
  const hidden = /"(revenue|profit|roi|epc|leads)/i;

  it('strips revenue, profit, ROI, EPC and every lead count from each answer, at every depth', async () => {
    const browser = await signedInUser([allCampaigns, allOffers], true);
    const report = await browser.get(`${REPORT_PATHS.report}?groupBy=campaign,offer&${range}`);
    expect(report.status).toBe(200);
    expect(report.text).not.toMatch(hidden);
    const body = report.json<ReportResponse>();
    // Custom event counts stay: counts of what visitors did, no money, as clicks are.
    expect(Object.keys(body.totals).sort()).toEqual(
      [
        'clicks',
        'cost',
        'cpc',
        'cr',
        'lpClicks',
        'lpCtr',
        'lpViews',
        'uniqueClicks',
        ...CUSTOM_EVENT_METRICS,
      ].sort(),
    );
    expect(body.rows[0]?.children?.[0]?.metrics).toEqual({
      ...NO_CUSTOM_EVENTS,
      clicks: 2,
      uniqueClicks: 0,
      lpViews: 0,
      lpClicks: 0,
      lpCtr: 0,
      cr: 50,
      cost: 2_000,
      cpc: 1_000,
    });
    const stats = await browser.get(`${REPORT_PATHS.entityStats}?kind=campaign&${range}&sortBy=clicks`);
    expect(stats.status).toBe(200);
    expect(stats.text).not.toMatch(hidden);
    expect(stats.json<EntityStatsResponse>().order).toEqual([alpha, beta]);
  });

  it('refuses to sort or group by what would reveal them', async () => {
    const browser = await signedInUser([allCampaigns, allOffers], true);
    const bySort = await browser.get(`${REPORT_PATHS.report}?groupBy=campaign&sort=revenue&${range}`);
    expect(bySort.status).toBe(403);
    expect(errorFields(bySort)).toEqual(['sort']);
    const byStatus = await browser.get(`${REPORT_PATHS.report}?groupBy=conversion_status&${range}`);
    expect(errorFields(byStatus)).toEqual(['groupBy']);
    const stats = await browser.get(`${REPORT_PATHS.entityStats}?kind=campaign&sortBy=profit&${range}`);
    expect(stats.status).toBe(403);
    expect(errorFields(stats)).toEqual(['sortBy']);
    const filtered = await browser.get(`${REPORT_PATHS.clicks}?filter%5Bconversion_status%5D=approved`);
    expect(errorFields(filtered)).toEqual(['filter[conversion_status]']);
  });
});
