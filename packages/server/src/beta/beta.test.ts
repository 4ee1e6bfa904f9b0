import { BETA_PATH, REPORT_PATHS, type ReportResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { click, conversion } from '../../test-support/reports.ts';
import { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Settings > Beta through the real server, and the feature behind its one flag: the report's comparison
// with the previous period, on seeded events of two days.

let cairn: RunningCairn;
let admin: TestBrowser;
let viewer: TestBrowser;
const ids: Record<string, number> = {};
const compared = (query: string) =>
  admin.get(`${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&timezone=UTC&compare=previous&${query}`);

beforeAll(async () => {
  ({ cairn, browser: admin } = await signedInAdmin());
  const offerId = (await kindClient(admin, 'offer').make({ name: 'O', url: 'https://o.example/' })).id;
  const flow = { defaultPaths: [{ offers: [{ offerId }] }] };
  for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta']) {
    ids[name] = (await kindClient(admin, 'campaign').make({ name, flow })).id;
  }
  const events: ReturnType<typeof click>[] = [];
  let n = 0;
  const clicks = (name: string, day: string, count: number) => {
    for (let i = 0; i < count; i++) {
      n += 1;
      events.push(
        click(`c${n}`, `${day}T1${i}:00:00Z`, { campaignId: ids[name] ?? 0, offerId, costMicros: 1_000 }),
      );
    }
  };
  // The day compared: Alpha 3, Beta 2, Gamma 1 (6 clicks); the day before: Alpha 1, Beta 4, Delta 2 (7).
  clicks('Alpha', '2026-02-20', 3);
  clicks('Beta', '2026-02-20', 2);
  clicks('Gamma', '2026-02-20', 1);
  clicks('Alpha', '2026-02-19', 1);
  clicks('Beta', '2026-02-19', 4);
  clicks('Delta', '2026-02-19', 2);
  const sale = events[0];
  if (!sale) throw new Error('no click');
  events.push(
    conversion(sale, '2026-02-20T18:00:00Z', { status: 'approved', approved: 1, revenueMicros: 5_000 }),
  );
  await cairn.events.append(events);

  const password = 'Beta viewer pass 3319';
  await kindClient(admin, 'user').make({
    login: 'beta-viewer',
    password,
    role: 'user',
    permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
  });
  viewer = new TestBrowser(cairn.url);
  expect((await viewer.signIn('beta-viewer', password)).status).toBe(200);
});
afterAll(async () => {
  await cairn.close();
});

describe('beta switches', () => {
  it('start off, are read by everyone signed in and changed by admins only', async () => {
    expect((await viewer.get(BETA_PATH)).json()).toEqual({});
    expect((await viewer.call('PUT', BETA_PATH, { body: { report_period_comparison: true } })).status).toBe(
      403,
    );
    const unknown = await admin.call('PUT', BETA_PATH, { body: { time_travel: true } });
    expect(unknown.status).toBe(400);
  });

  it('refuses the comparison while its flag is off', async () => {
    const refused = await compared('groupBy=campaign');
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toContain('compare');
    // Without the parameter the report answers as always.
    const plain = await admin.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&timezone=UTC&groupBy=campaign`,
    );
    expect(plain.status).toBe(200);
    expect(plain.json<ReportResponse>().comparison).toBeUndefined();
  });

  it('turns a feature on, audit-logged, and the server follows at once', async () => {
    const saved = await admin.call('PUT', BETA_PATH, { body: { report_period_comparison: true } });
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual({ report_period_comparison: true });
    expect((await viewer.get(BETA_PATH)).json()).toEqual({ report_period_comparison: true });
    const audit = await cairn.store.query(
      "SELECT details FROM audit_log WHERE action = 'beta_features_changed' ORDER BY id",
    );
    expect(audit).toHaveLength(1);
    expect(JSON.parse(String(audit[0]?.details))).toEqual({
      before: {},
      after: { report_period_comparison: true },
    });
  });
});

describe('compare with the previous period', () => {
  it('sets the day before beside each row, the others row and the totals', async () => {
    const result = await compared('groupBy=campaign&limit=2');
    expect(result.status).toBe(200);
    const body = result.json<ReportResponse>();
    expect(body.comparison?.range).toEqual({
      from: '2026-02-19T00:00:00.000Z',
      to: '2026-02-20T00:00:00.000Z',
    });
    const byName = Object.fromEntries(
      body.rows.map((row) => [row.value === null ? 'others' : row.name, row]),
    );
    expect(Object.keys(byName)).toEqual(['Alpha', 'Beta', 'others']);
    expect(byName.Alpha?.comparison?.previous.clicks).toBe(1);
    expect(byName.Alpha?.comparison?.change.clicks).toBe(2);
    expect(byName.Alpha?.comparison?.changePercent.clicks).toBe(200);
    // Revenue from nothing: a change, and no percentage of zero.
    expect(byName.Alpha?.comparison?.change.revenue).toBe(5_000);
    expect(byName.Alpha?.comparison?.changePercent.revenue).toBeNull();
    expect(byName.Beta?.comparison?.change.clicks).toBe(-2);
    expect(byName.Beta?.comparison?.changePercent.clicks).toBe(-50);
    // Others now is Gamma (1); before, everything but Alpha and Beta: Delta's 2.
    expect(byName.others?.comparison?.previous.clicks).toBe(2);
    expect(byName.others?.comparison?.change.clicks).toBe(-1);
    expect(body.comparison?.totals.previous.clicks).toBe(7);
    expect(body.comparison?.totals.change.clicks).toBe(-1);
    expect(body.comparison?.totals.changePercent.clicks).toBeCloseTo(-14.2857, 3);
    expect(body.comparison?.totals.change.cost).toBe(-1_000);
  });

  it('compares nested rows under their own parent', async () => {
    const body = (await compared('groupBy=campaign,offer')).json<ReportResponse>();
    const beta = body.rows.find((row) => row.name === 'Beta');
    expect(beta?.children?.[0]?.comparison?.previous.clicks).toBe(4);
    expect(beta?.children?.[0]?.comparison?.change.clicks).toBe(-2);
  });

  it('hides the profit figures of the comparison from a hide-profit user', async () => {
    const password = 'Hidden profit pass 7742';
    await kindClient(admin, 'user').make({
      login: 'beta-hidden',
      password,
      role: 'user',
      hideProfit: true,
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
    });
    const hidden = new TestBrowser(cairn.url);
    expect((await hidden.signIn('beta-hidden', password)).status).toBe(200);
    const result = await hidden.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&timezone=UTC&compare=previous&groupBy=campaign`,
    );
    expect(result.status).toBe(200);
    const totals = result.json<ReportResponse>().comparison?.totals;
    expect(totals?.change.clicks).toBe(-1);
    expect(totals?.change).not.toHaveProperty('revenue');
    expect(totals?.changePercent).not.toHaveProperty('profit');
  });

  it('compares with a chosen period, read in the report zone', async () => {
    // 2026-02-19 in Berlin starts at 23:00 UTC the day before: every click of the 19th is in it.
    const result = await admin.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&timezone=Europe/Berlin&groupBy=campaign&compare=custom&compareFrom=2026-02-19&compareTo=2026-02-19`,
    );
    expect(result.status).toBe(200);
    const body = result.json<ReportResponse>();
    expect(body.comparison?.range).toEqual({
      from: '2026-02-18T23:00:00.000Z',
      to: '2026-02-19T23:00:00.000Z',
    });
    const byName = Object.fromEntries(body.rows.map((row) => [row.name, row]));
    expect(byName.Alpha?.comparison?.previous.clicks).toBe(1);
    expect(byName.Alpha?.comparison?.changePercent.clicks).toBe(200);
    expect(byName.Beta?.comparison?.change.clicks).toBe(-2);
    expect(body.comparison?.totals.previous.clicks).toBe(7);
    expect(body.comparison?.totals.change.clicks).toBe(-1);
    // A chosen period need not be the one before, nor as long: the two days against the 20th alone.
    const longer = await admin.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&timezone=UTC&groupBy=campaign&compare=custom&compareFrom=2026-02-19&compareTo=2026-02-20`,
    );
    const totals = longer.json<ReportResponse>().comparison?.totals;
    expect(totals?.previous.clicks).toBe(13);
    expect(totals?.change.clicks).toBe(-7);
    expect(totals?.changePercent.clicks).toBeCloseTo(-53.846, 2);
    // Counting by click time applies to both periods alike.
    const cohort = await admin.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&timezone=UTC&groupBy=campaign&compare=custom&compareFrom=2026-02-19&compareTo=2026-02-19&conversionTime=click`,
    );
    expect(cohort.json<ReportResponse>().comparison?.totals.previous.leads).toBe(0);
    expect(cohort.json<ReportResponse>().totals.leads).toBe(1);
  });

  it('refuses a chosen period without its ends, and its ends without compare=custom', async () => {
    const noEnd = await admin.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&groupBy=campaign&compare=custom&compareFrom=2026-02-19`,
    );
    expect(noEnd.status).toBe(400);
    expect(errorFields(noEnd)).toContain('compareTo');
    const stray = await compared('groupBy=campaign&compareFrom=2026-02-19&compareTo=2026-02-19');
    expect(stray.status).toBe(400);
    expect(errorFields(stray)).toContain('compareFrom');
    const byDay = await admin.get(
      `${REPORT_PATHS.report}?from=2026-02-20&to=2026-02-20&groupBy=day&compare=custom&compareFrom=2026-02-19&compareTo=2026-02-19`,
    );
    expect(errorFields(byDay)).toContain('compare');
  });

  it('refuses what has no previous period: a time grouping, all time', async () => {
    const byDay = await compared('groupBy=day');
    expect(byDay.status).toBe(400);
    expect(errorFields(byDay)).toContain('compare');
    const allTime = await admin.get(
      `${REPORT_PATHS.report}?preset=all_time&groupBy=campaign&compare=previous`,
    );
    expect(allTime.status).toBe(400);
  });
});
