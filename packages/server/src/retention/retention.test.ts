import {
  CLEARED_VALUE,
  type ClearSummary,
  type ClickLogResponse,
  type EntityStatsResponse,
  entityStatsQuerySchema,
  type MonitorResponse,
  REPORT_PATHS,
  RETENTION_PATHS,
  type ReportResponse,
  type RetentionSettings,
  STATS_SETTINGS_PATHS,
  TRACKING_API_PATHS,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { click, conversion, lpClick } from '../../test-support/reports.ts';
import { Clock, TestBrowser } from '../../test-support/server.ts';
import { mintClickId } from '../events/clickId.ts';
import type { TrackingEvent } from '../events/event.ts';
import type { RunningCairn } from '../index.ts';
import { ReportService } from '../reports/service.ts';
import { runRetention } from './job.ts';

// Auto-clearing through the real API on a real server and DuckDB: three weeks of events in three
// campaigns, counted in India's time zone (+5:30, so local days and hours split UTC hours), cleared by
// hand and by the job; every report asked before must answer the same after.

const clock = new Clock('2026-06-20T12:00:00.000Z');
const ZONE = 'Asia/Kolkata';
let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;
const ids = { alpha: 0, beta: 0, gamma: 0 };
const seeded: TrackingEvent[] = [];
const before = new Map<string, unknown>();

const REPORTS = [
  `${REPORT_PATHS.report}?groupBy=campaign,day&limit=1000&preset=all_time`,
  `${REPORT_PATHS.report}?groupBy=day,country&limit=1000&preset=all_time`,
  `${REPORT_PATHS.report}?groupBy=hour&preset=all_time`,
  `${REPORT_PATHS.report}?groupBy=offer,path&from=2026-06-03&to=2026-06-16`,
  `${REPORT_PATHS.report}?groupBy=week,bot&preset=all_time`,
  // West of UTC, on a half-hour offset: the rollup's quarter hours shifted back.
  `${REPORT_PATHS.report}?groupBy=day,hour&limit=1000,24&preset=all_time&timezone=America/St_Johns`,
  `${REPORT_PATHS.entityStats}?kind=campaign&preset=all_time`,
];

const get = async <T>(path: string): Promise<T> => {
  const answer = await admin.get(path);
  expect(answer.status, path).toBe(200);
  return answer.json<T>();
};

async function answers(): Promise<Map<string, unknown>> {
  await cairn.tracking.recorder.flushNow();
  return new Map(await Promise.all(REPORTS.map(async (path) => [path, await get(path)] as const)));
}

const rawCount = async (campaignId: number, beforeIso: string) => {
  const rows = await cairn.events.query(
    'SELECT count(*) AS n FROM events WHERE campaign_id = $1 AND ts < $2',
    [campaignId, beforeIso.replace('T', ' ').replace('Z', '')],
  );
  return Number(rows[0]?.n);
};

beforeAll(async () => {
  const started = await signedInAdmin({ now: clock.now, trustProxy: true });
  cairn = started.cairn;
  admin = started.browser;
  kit = new ConversionKit(cairn, admin);
  const made = await Promise.all([1, 2, 3].map(() => kit.campaign({ network: {} })));
  const [alpha, beta, gamma] = made;
  if (!alpha || !beta || !gamma) throw new Error('campaigns not made');
  ids.alpha = alpha.id;
  ids.beta = beta.id;
  ids.gamma = gamma.id;
  expect(
    (
      await admin.call('PUT', STATS_SETTINGS_PATHS.stats, {
        body: { timezone: ZONE, baseCurrency: 'USD', rates: {} },
      })
    ).status,
  ).toBe(200);
  // Days 1..19 of June: clicks around the clock (18:20 UTC is 23:50 in India, 18:40 is 00:10 the next
  // day), lander clicks, leads approved later, costs, bots and cities.
  for (let day = 1; day <= 19; day += 1) {
    made.forEach((campaign, index) => {
      for (const [slot, time] of ['03:05', '09:59', '18:20', '18:40', '22:10'].entries()) {
        const iso = `2026-06-${String(day).padStart(2, '0')}T${time}:${String(index * 7 + slot).padStart(2, '0')}.250Z`;
        const event = click(mintClickId(Date.parse(iso)), iso, {
          campaignId: campaign.id,
          offerId: campaign.offerId,
          affiliateNetworkId: campaign.networkId ?? 0,
          path: 1,
          landingId: slot % 2 === 0 ? 0 : 4,
          country: ['DE', 'IN', 'US'][(day + slot) % 3] as string,
          city: `City ${slot}`,
          ip: `198.51.100.${slot}`,
          isUnique: slot !== 3,
          isBot: slot === 4 && day % 2 === 0,
          costMicros: 10_000 * (index + 1) + slot,
        });
        seeded.push(event);
        if (slot === 1) seeded.push(lpClick(event, new Date(Date.parse(iso) + 4_000).toISOString()));
        if (slot === 2 && day % 3 === 0) {
          const at = new Date(Date.parse(iso) + 600_000).toISOString();
          seeded.push(conversion(event, at, { status: 'pending', pending: 1, revenueMicros: 3_000_000 }));
          seeded.push(
            conversion(event, new Date(Date.parse(iso) + 3_600_000).toISOString(), {
              status: 'approved',
              pending: -1,
              approved: 1,
              seq: 2,
            }),
          );
        }
      }
    });
  }
  await cairn.events.append(seeded);
  for (const [path, answer] of await answers()) before.set(path, answer);
});
afterAll(async () => {
  await cairn.close();
});

const settingsOf = (exceptions: RetentionSettings['exceptions'], keepDays = 30): RetentionSettings => ({
  enabled: true,
  keepDays,
  exceptions,
});

describe('settings', () => {
  it('answer the defaults, then what an admin saved', async () => {
    expect(await get(RETENTION_PATHS.settings)).toEqual({ enabled: false, keepDays: 90, exceptions: [] });
    const wanted = settingsOf([{ campaignId: ids.gamma, keepDays: null }]);
    const saved = await admin.call('PUT', RETENTION_PATHS.settings, { body: wanted });
    expect(saved.status).toBe(200);
    expect(await get(RETENTION_PATHS.settings)).toEqual(wanted);
  });

  it('refuse bad values field by field and change nothing', async () => {
    const put = (body: unknown) => admin.call('PUT', RETENTION_PATHS.settings, { body });
    const refused = async (body: unknown) => {
      const answer = await put(body);
      expect(answer.status).toBe(400);
      return errorFields(answer);
    };
    expect(await refused({ ...settingsOf([]), keepDays: 0 })).toEqual(['keepDays']);
    expect(await refused({ ...settingsOf([]), keepDays: 2.5 })).toEqual(['keepDays']);
    expect(
      await refused(
        settingsOf([
          { campaignId: ids.alpha, keepDays: 5 },
          { campaignId: ids.alpha, keepDays: null },
        ]),
      ),
    ).toEqual(['exceptions.1.campaignId']);
    expect(await refused(settingsOf([{ campaignId: 987_654, keepDays: 5 }]))).toEqual([
      'exceptions.0.campaignId',
    ]);
    expect(await refused({ ...settingsOf([]), everything: true })).toEqual(['']);
    const clear = async (body: unknown) => {
      const answer = await admin.post(RETENTION_PATHS.clear, body);
      expect(answer.status).toBe(400);
      return errorFields(answer);
    };
    expect(await clear({ before: '2026-02-30' })).toEqual(['before']);
    expect(await clear({ before: '2026-06-21' })).toEqual(['before']);
    expect(await clear({ before: '2026-06-10', campaignIds: [987_654] })).toEqual(['campaignIds.0']);
    expect(await get(RETENTION_PATHS.settings)).toEqual(
      settingsOf([{ campaignId: ids.gamma, keepDays: null }]),
    );
  });

  it('are for admins only', async () => {
    const password = 'Retention viewer 4471';
    await kindClient(admin, 'user').make({
      login: 'retention-viewer',
      password,
      permissions: [{ kind: 'campaign', scope: 'all', access: 'read' }],
    });
    const viewer = new TestBrowser(cairn.url);
    expect((await viewer.signIn('retention-viewer', password)).status).toBe(200);
    expect((await viewer.get(RETENTION_PATHS.settings)).status).toBe(403);
    expect((await viewer.call('PUT', RETENTION_PATHS.settings, { body: settingsOf([]) })).status).toBe(403);
    expect((await viewer.post(RETENTION_PATHS.preview, { before: '2026-06-10' })).status).toBe(403);
    expect((await viewer.post(RETENTION_PATHS.clear, { before: '2026-06-10' })).status).toBe(403);
  });
});

describe('a manual clear', () => {
  it('says what it will take, takes it, and every report answers as before', async () => {
    const body = { before: '2026-06-15' };
    const preview = await admin.post(RETENTION_PATHS.preview, body);
    expect(preview.status).toBe(200);
    const expectedBefore = '2026-06-14T18:30:00.000Z';
    const taken = seeded.filter(
      (event) => event.campaignId !== ids.gamma && event.time < Date.parse(expectedBefore),
    );
    const summary: ClearSummary = {
      before: expectedBefore,
      timezone: ZONE,
      campaignIds: null,
      keptCampaignIds: [ids.gamma],
      events: taken.length,
      clicks: taken.filter((event) => event.kind === 1).length,
    };
    expect(preview.json()).toEqual(summary);

    const cleared = await admin.post(RETENTION_PATHS.clear, body);
    expect(cleared.status).toBe(200);
    expect(cleared.json()).toEqual(summary);
    expect(await rawCount(ids.alpha, expectedBefore)).toBe(0);
    expect(await rawCount(ids.gamma, expectedBefore)).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);

    // The click log has no rows for the cleared days, but the campaign kept by its exception has.
    const clicksOf = async (campaignId: number) =>
      (
        await get<ClickLogResponse>(
          `${REPORT_PATHS.clicks}?from=2026-06-01&to=2026-06-14&filter%5Bcampaign%5D=${campaignId}&limit=500`,
        )
      ).rows.length;
    expect(await clicksOf(ids.alpha)).toBe(0);
    const gammaClicks = seeded.filter(
      (event) =>
        event.kind === 1 &&
        event.campaignId === ids.gamma &&
        event.time >= Date.parse('2026-05-31T18:30:00Z') &&
        event.time < Date.parse(expectedBefore),
    );
    expect(await clicksOf(ids.gamma)).toBe(gammaClicks.length);
    // A dimension the rollup does not keep shows the cleared part as one value, with the same totals.
    const byCity = await get<ReportResponse>(`${REPORT_PATHS.report}?groupBy=campaign,city&preset=all_time`);
    const alpha = byCity.rows.find((row) => row.value === ids.alpha);
    expect(alpha?.children?.map((row) => row.value)).toContain(CLEARED_VALUE);
    const sameTotals = before.get(REPORTS[0] as string) as ReportResponse;
    expect(byCity.totals).toEqual(sameTotals.totals);
  });

  it('clears only the campaigns it names', async () => {
    const cleared = await admin.post(RETENTION_PATHS.clear, {
      before: '2026-06-05',
      campaignIds: [ids.gamma],
    });
    expect(cleared.json<ClearSummary>()).toMatchObject({ campaignIds: [ids.gamma], keptCampaignIds: [] });
    expect(await rawCount(ids.gamma, '2026-06-04T18:30:00.000Z')).toBe(0);
    expect(await rawCount(ids.gamma, '2026-06-14T18:30:00.000Z')).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);
  });
});

describe('the hourly job', () => {
  it('clears what the settings say, per exception, and shows on the monitor', async () => {
    const settings = settingsOf(
      [
        { campaignId: ids.beta, keepDays: 8 },
        { campaignId: ids.gamma, keepDays: null },
      ],
      3,
    );
    expect((await admin.call('PUT', RETENTION_PATHS.settings, { body: settings })).status).toBe(200);
    const counts = await runRetention({ store: cairn.store, events: cairn.events, now: clock.now });
    // Today is 20 June in India: 3 days kept leaves 17 June on, 8 days leaves 12 June on.
    expect(counts?.events).toBeGreaterThan(0);
    expect(await rawCount(ids.alpha, '2026-06-16T18:30:00.000Z')).toBe(0);
    expect(await rawCount(ids.beta, '2026-06-11T18:30:00.000Z')).toBe(0);
    expect(await rawCount(ids.beta, '2026-06-16T18:30:00.000Z')).toBeGreaterThan(0);
    expect(await rawCount(ids.gamma, '2026-06-14T18:30:00.000Z')).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);
    // A second run finds nothing more to clear.
    expect(await runRetention({ store: cairn.store, events: cairn.events, now: clock.now })).toEqual({
      events: 0,
      clicks: 0,
    });
    const monitor = await get<MonitorResponse>(TRACKING_API_PATHS.monitor);
    expect(monitor.background.find((item) => item.name === 'Auto-clearing')).toMatchObject({
      state: 'ok',
      detail: expect.stringContaining('keeps 3 days of raw clicks, 2 campaign exceptions'),
    });
    while (((await cairn.events.refreshSummary?.()) ?? 0) > 0);
    const summary = (await get<MonitorResponse>(TRACKING_API_PATHS.monitor)).background.find(
      (item) => item.name === 'Report summary',
    );
    expect(summary).toMatchObject({
      state: 'ok',
      detail: expect.stringMatching(/^\d+ quarter hours read raw \(0 closed/),
    });
    // The click archive forgot what was cleared and says what it holds.
    expect(monitor.background.find((item) => item.name === 'Click archive')).toMatchObject({
      state: 'ok',
      detail: expect.stringMatching(/^\d+\.\d MB in \d+ blocks over \d+ days$/),
    });
  });

  it('clears nothing while turned off', async () => {
    await admin.call('PUT', RETENTION_PATHS.settings, { body: { ...settingsOf([], 1), enabled: false } });
    expect(await runRetention({ store: cairn.store, events: cairn.events, now: clock.now })).toBeNull();
    expect(await rawCount(ids.gamma, '2026-06-19T18:30:00.000Z')).toBeGreaterThan(0);
  });
});

describe('a conversion of a cleared click', () => {
  it('is recorded with the click it belongs to and counts once', async () => {
    const old = seeded.find((event) => event.kind === 1 && event.campaignId === ids.alpha) as TrackingEvent;
    expect(await rawCount(ids.alpha, new Date(old.time + 1).toISOString())).toBe(0);
    const stats = `${REPORT_PATHS.entityStats}?kind=campaign&preset=all_time`;
    const earlier = (await get<EntityStatsResponse>(stats)).stats[String(ids.alpha)];
    const answer = await kit.postback(`/postback?clickid=${old.clickId}&status=approved`);
    expect(answer).toEqual({ status: 200, text: 'OK' });
    expect(await kit.sums(old.clickId)).toMatchObject({ events: 1, approved: 1, revenue: 5_000_000 });
    const later = (await get<EntityStatsResponse>(stats)).stats[String(ids.alpha)];
    expect(later).toMatchObject({
      clicks: earlier?.clicks,
      cost: earlier?.cost,
      leadsApproved: (earlier?.leadsApproved ?? 0) + 1,
      revenue: (earlier?.revenue ?? 0) + 5_000_000,
    });
    // Its click's country and offer came along; what was not kept reads as cleared.
    const [event] = await cairn.events.query(
      'SELECT country, offer_id, city, ip FROM events WHERE click_id = $1',
      [old.clickId],
    );
    expect(event).toEqual({
      country: old.country,
      offer_id: old.offerId,
      city: CLEARED_VALUE,
      ip: CLEARED_VALUE,
    });
  });
});

describe('cleared clicks', () => {
  it('are forgotten a year on, while the sums stay', async () => {
    const old = seeded.find((event) => event.kind === 1 && event.campaignId === ids.beta) as TrackingEvent;
    expect(await cairn.events.findClearedClick(old.clickId, old.time)).not.toBeNull();
    // Read past the API: a year on, the admin's session is long gone.
    const stats = () =>
      new ReportService(cairn.events, cairn.store, clock.now).entityStats(
        entityStatsQuerySchema.parse({ kind: 'campaign', preset: 'all_time' }),
        { campaignIds: null },
        null,
      );
    const earlier = await stats();
    clock.advance(400 * 86_400_000);
    // Auto-clearing is off by now: forgetting old cleared clicks does not depend on it.
    expect(await runRetention({ store: cairn.store, events: cairn.events, now: clock.now })).toBeNull();
    expect(await cairn.events.findClearedClick(old.clickId, old.time)).toBeNull();
    expect((await stats()).stats).toEqual(earlier.stats);
  });
});
