import { COST_API_PATHS, type CostUpdateResponse, type ReportResponse } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient } from '../../test-support/entities.ts';
import { type ConversionKit, startConversionServer } from '../../test-support/postbacks.ts';
import { ADMIN_PASSWORD, Clock, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { SETTING_CURRENCY_RATES } from '../settings/keys.ts';
import { setSetting } from '../settings/store.ts';

// POST /api/costs on the real server: real clicks through /click, cost changes through the journal into
// the event store, and the answer read back through the report API, as a buyer would check it.

let cairn: RunningCairn;
let kit: ConversionKit;
let admin: TestBrowser;
let alpha: Awaited<ReturnType<ConversionKit['campaign']>>;
let beta: Awaited<ReturnType<ConversionKit['campaign']>>;
const clock = new Clock('2026-03-04T08:00:00.000Z');
const CPC = 50_000;
const DAY_ONE = '2026-03-04';
const DAY_TWO = '2026-03-05';

async function clicksAt(campaign: typeof alpha, zones: readonly string[]): Promise<void> {
  for (const zone of zones) {
    clock.advance(7 * 60_000 + 1234);
    await kit.click(campaign, `t1=${zone}`);
  }
}

beforeAll(async () => {
  ({ cairn, kit } = await startConversionServer(clock));
  alpha = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  beta = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  await clicksAt(alpha, ['zone-a', 'zone-b', 'zone-a', 'zone-b', 'zone-a', 'zone-b', 'zone-a']);
  await clicksAt(beta, ['zone-a', 'zone-a']);
  clock.ms = Date.parse(`${DAY_TWO}T09:00:00Z`);
  await clicksAt(alpha, ['zone-a', 'zone-b']);
  clock.ms = Date.parse(`${DAY_TWO}T18:00:00Z`);
  await cairn.tracking.recorder.flushNow();
  // Signed in now: a session from the first day's morning has lapsed by the second's evening.
  admin = new TestBrowser(cairn.url);
  expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
});
afterAll(async () => {
  await cairn.close();
});

const setCost = (browser: TestBrowser, body: Record<string, unknown>) =>
  browser.call('POST', COST_API_PATHS.update, { body });

async function costBy(
  groupBy: string,
  from = DAY_ONE,
  to = DAY_ONE,
  filter = '',
): Promise<Map<unknown, number>> {
  const answer = await admin.get(
    `/api/report?groupBy=${groupBy}&from=${from}&to=${to}&timezone=UTC&limit=100${filter}`,
  );
  expect(answer.status, answer.text).toBe(200);
  const report = answer.json<ReportResponse>();
  return new Map(report.rows.map((row) => [row.value, row.metrics.cost]));
}

describe('setting a campaign cost over a range', () => {
  it('spreads it over the clicks of the range to the micro-unit, and leaves the rest as it was', async () => {
    const result = await setCost(admin, {
      campaignId: alpha.id,
      from: DAY_ONE,
      to: DAY_ONE,
      costMicros: 10_000_001,
    });
    expect(result.status, result.text).toBe(200);
    expect(result.json<CostUpdateResponse>()).toEqual({
      from: `${DAY_ONE}T00:00:00.000Z`,
      to: `${DAY_TWO}T00:00:00.000Z`,
      clicks: 7,
      previousCostMicros: 7 * CPC,
      costMicros: 10_000_001,
      currency: 'USD',
      changedClicks: 7,
    });
    const byCampaign = await costBy('campaign');
    expect(byCampaign.get(alpha.id)).toBe(10_000_001);
    expect(byCampaign.get(beta.id)).toBe(2 * CPC);
    // Any grouping adds up to it: the changes carry their clicks' dimensions.
    const byZone = await costBy('token_1', DAY_ONE, DAY_ONE, `&filter[campaign]=${alpha.id}`);
    expect([...byZone.values()].reduce((sum, cost) => sum + cost, 0)).toBe(10_000_001);
    expect(byZone.get('zone-a')).toBeGreaterThan(byZone.get('zone-b') ?? 0);
    const byHour = await costBy('hour', DAY_ONE, DAY_ONE, `&filter[campaign]=${alpha.id}`);
    expect([...byHour.values()].reduce((sum, cost) => sum + cost, 0)).toBe(10_000_001);
    // The next day's clicks keep their own cost, and clicks are still clicks.
    expect((await costBy('campaign', DAY_TWO, DAY_TWO)).get(alpha.id)).toBe(2 * CPC);
    const clicks = await admin.get(`/api/report?groupBy=campaign&from=${DAY_ONE}&to=${DAY_TWO}&timezone=UTC`);
    const row = clicks.json<ReportResponse>().rows.find((one) => one.value === alpha.id);
    expect(row?.metrics.clicks).toBe(9);
    expect(row?.metrics.cost).toBe(10_000_001 + 2 * CPC);
  });

  it('changes nothing when the same cost is set again, and replaces it with a new one', async () => {
    const again = await setCost(admin, {
      campaignId: alpha.id,
      from: DAY_ONE,
      to: DAY_ONE,
      costMicros: 10_000_001,
    });
    expect(again.json<CostUpdateResponse>()).toMatchObject({
      previousCostMicros: 10_000_001,
      changedClicks: 0,
    });
    const lower = await setCost(admin, { campaignId: alpha.id, from: DAY_ONE, to: DAY_ONE, costMicros: 700 });
    expect(lower.json<CostUpdateResponse>()).toMatchObject({
      previousCostMicros: 10_000_001,
      costMicros: 700,
    });
    expect((await costBy('campaign')).get(alpha.id)).toBe(700);
    const zero = await setCost(admin, { campaignId: alpha.id, from: DAY_ONE, to: DAY_ONE, costMicros: 0 });
    expect(zero.status).toBe(200);
    expect((await costBy('campaign')).get(alpha.id)).toBe(0);
  });

  it('sets one token value alone, e.g. a zone, and a range in another zone or with hours', async () => {
    await setCost(admin, { campaignId: alpha.id, from: DAY_ONE, to: DAY_ONE, costMicros: 7_000_000 });
    const zoneB = await setCost(admin, {
      campaignId: alpha.id,
      from: DAY_ONE,
      to: DAY_ONE,
      costMicros: 333,
      token: { slot: 1, value: 'zone-b' },
    });
    expect(zoneB.json<CostUpdateResponse>()).toMatchObject({ clicks: 3, previousCostMicros: 3_000_000 });
    const byZone = await costBy('token_1', DAY_ONE, DAY_ONE, `&filter[campaign]=${alpha.id}`);
    expect(Object.fromEntries(byZone)).toEqual({ 'zone-a': 4_000_000, 'zone-b': 333 });
    // 08:00 to 08:30 UTC, written as Berlin time: the first four clicks (7 minutes apart).
    const early = await setCost(admin, {
      campaignId: alpha.id,
      from: `${DAY_ONE}T09:00`,
      to: `${DAY_ONE}T09:30`,
      timezone: 'Europe/Berlin',
      costMicros: 4,
    });
    expect(early.json<CostUpdateResponse>()).toMatchObject({
      from: `${DAY_ONE}T08:00:00.000Z`,
      to: `${DAY_ONE}T08:30:00.000Z`,
      clicks: 4,
    });
  });

  it('takes another currency at the rate in the statistics settings, and refuses one with no rate', async () => {
    const noRate = await setCost(admin, {
      campaignId: beta.id,
      from: DAY_ONE,
      to: DAY_ONE,
      costMicros: 1_000_000,
      currency: 'EUR',
    });
    expect(noRate.status).toBe(400);
    expect(errorFields(noRate)).toEqual(['currency']);
    await setSetting(cairn.store, SETTING_CURRENCY_RATES, JSON.stringify({ EUR: 1.25 }));
    const euros = await setCost(admin, {
      campaignId: beta.id,
      from: DAY_ONE,
      to: DAY_ONE,
      costMicros: 1_000_000,
      currency: 'EUR',
    });
    expect(euros.json<CostUpdateResponse>()).toMatchObject({ costMicros: 1_250_000, currency: 'USD' });
    expect((await costBy('campaign')).get(beta.id)).toBe(1_250_000);
  });

  it('refuses what it cannot do with field messages, and writes nothing', async () => {
    const base = { campaignId: alpha.id, from: DAY_ONE, to: DAY_ONE, costMicros: 5 };
    const before = await costBy('campaign');
    for (const [body, fields] of [
      [{ ...base, costMicros: -1 }, ['costMicros']],
      [{ ...base, costMicros: 1.5 }, ['costMicros']],
      [{ ...base, from: 'yesterday' }, ['from']],
      [{ ...base, timezone: 'Mars/Olympus' }, ['timezone']],
      [{ ...base, token: { slot: 31, value: 'x' } }, ['token.slot']],
      [{ ...base, token: { slot: 1, value: '' } }, ['token.value']],
      [{ ...base, from: DAY_TWO, to: DAY_ONE }, ['to']],
      [{ ...base, from: '2026-01-01', to: '2026-01-02' }, ['from']],
      [{ ...base, token: { slot: 1, value: 'no-such-zone' } }, ['from']],
    ] as const) {
      const answer = await setCost(admin, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(errorFields(answer), JSON.stringify(body)).toEqual(fields);
    }
    expect((await setCost(admin, { ...base, campaignId: 999_999 })).status).toBe(404);
    expect(await costBy('campaign')).toEqual(before);
  });

  it('needs write access to the campaign, and is audit-logged', async () => {
    const users = kindClient(admin, 'user');
    const signIn = async (login: string, access: 'read' | 'write') => {
      const password = 'Cost setter pass 4471';
      await users.make({ login, password, permissions: [{ kind: 'campaign', scope: 'all', access }] });
      const browser = new TestBrowser(cairn.url);
      expect((await browser.signIn(login, password)).status).toBe(200);
      return browser;
    };
    const reader = await signIn('cost-reader', 'read');
    const body = { campaignId: beta.id, from: DAY_ONE, to: DAY_ONE, costMicros: 99 };
    expect((await setCost(reader, body)).status).toBe(403);
    // Signed out, the CSRF check refuses it first.
    expect((await setCost(new TestBrowser(cairn.url), body)).status).toBe(403);
    expect((await costBy('campaign')).get(beta.id)).toBe(1_250_000);
    const writer = await signIn('cost-writer', 'write');
    expect((await setCost(writer, body)).status).toBe(200);
    expect((await costBy('campaign')).get(beta.id)).toBe(99);
    const audit = await cairn.store.query<{ entity_id: number; details: string }>(
      "SELECT entity_id, details FROM audit_log WHERE action = 'cost_updated' ORDER BY id",
    );
    expect(audit.at(-1)?.entity_id).toBe(beta.id);
    expect(JSON.parse(audit.at(-1)?.details ?? '{}')).toMatchObject({ costMicros: 99, clicks: 2 });
  });
});
