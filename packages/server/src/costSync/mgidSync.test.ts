import {
  COST_SYNC_PATHS,
  type CostSyncMapping,
  type CostSyncResult,
  INTEGRATION_PATHS,
  type IntegrationAccount,
  type IntegrationCheck,
  type ReportResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { ADMIN_PASSWORD, Clock, TestBrowser } from '../../test-support/server.ts';
import {
  MGID_BAD_CREDENTIALS,
  MGID_CLIENT,
  MGID_GOOD_CREDENTIALS,
} from '../../test-support/sources/mgidSource.ts';
import { type FakeSpendSources, fakeSpendSources } from '../../test-support/sources/spendSources.ts';
import type { RunningCairn } from '../index.ts';

// MGID cost sync on a real server (temp data dir, real clicks through /click) against the fake of MGID's
// advertiser API: an MGID account is created and checked through CAIRN_MGID_API_URL, its campaigns are
// listed, and a mapping with the widget's token slot sets each widget's spend on that widget's clicks.

const DAY_ONE = '2026-03-04';
const DAY_TWO = '2026-03-05';
const CAMPAIGN = '901';
const CPC = 50_000;
const clock = new Clock(`${DAY_ONE}T08:00:00.000Z`);

let sources: FakeSpendSources;
let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;
let native: Awaited<ReturnType<ConversionKit['campaign']>>;
let good: IntegrationAccount;

async function clicksAt(widgets: readonly string[]): Promise<void> {
  for (const widget of widgets) {
    clock.advance(7 * 60_000 + 1234);
    await kit.click(native, `t1=${widget}`);
  }
}

async function account(accessToken: string): Promise<IntegrationAccount> {
  const created = await admin.call('POST', INTEGRATION_PATHS.accounts, {
    body: { platform: 'mgid', name: 'MGID client', accessToken },
  });
  expect(created.status, created.text).toBe(201);
  return created.json<IntegrationAccount>();
}

async function costByWidget(day: string): Promise<Map<unknown, number>> {
  const answer = await admin.get(
    `/api/report?groupBy=token_1&from=${day}&to=${day}&timezone=UTC&limit=100&filter[campaign]=${native.id}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return new Map(answer.json<ReportResponse>().rows.map((row) => [row.value, row.metrics.cost]));
}

beforeAll(async () => {
  sources = await fakeSpendSources();
  ({ cairn, browser: admin } = await signedInAdmin({
    trustProxy: true,
    now: clock.now,
    privateDestinations: ['127.0.0.1'],
    mgidApiUrl: `${sources.url}/mgid/v1`,
    costSyncIntervalMinutes: 0,
    costSyncDays: 2,
  }));
  kit = new ConversionKit(cairn, admin);
  native = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  await clicksAt(['5001', '5002', '5001']);
  clock.ms = Date.parse(`${DAY_TWO}T09:00:00Z`);
  await clicksAt(['5001']);
  clock.ms = Date.parse(`${DAY_TWO}T18:00:00Z`);
  await cairn.tracking.recorder.flushNow();
  // The clock moved past the first session's end.
  admin = new TestBrowser(cairn.url);
  expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  sources.mgid.set(
    MGID_CLIENT,
    new Map([
      [
        CAMPAIGN,
        new Map([
          [
            DAY_ONE,
            new Map<string, number | null>([
              ['5001', 1.25],
              ['5002', 0.5],
            ]),
          ],
          [DAY_TWO, new Map<string, number | null>([['5001', 0.000001]])],
        ]),
      ],
    ]),
  );
});
afterAll(async () => {
  await cairn?.close();
  await sources?.close();
});

describe('MGID cost sync', () => {
  it('checks an MGID account with its client and token, and lists its campaigns', async () => {
    good = await account(MGID_GOOD_CREDENTIALS);
    const check = await admin.call('POST', INTEGRATION_PATHS.check.replace(':id', String(good.id)));
    expect(check.status, check.text).toBe(200);
    expect(check.json<IntegrationCheck>()).toMatchObject({ ok: true, error: null });
    const listed = await admin.get(COST_SYNC_PATHS.sourceCampaigns.replace(':id', String(good.id)));
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json<{ items: unknown[] }>().items).toEqual([{ id: CAMPAIGN, name: `Native ${CAMPAIGN}` }]);

    const bad = await account(MGID_BAD_CREDENTIALS);
    const refused = await admin.call('POST', INTEGRATION_PATHS.check.replace(':id', String(bad.id)));
    expect(refused.json<IntegrationCheck>()).toMatchObject({ ok: false, error: 'invalid token' });
  });

  it("sets each widget's spend of a day on that widget's clicks", async () => {
    const created = await admin.call('POST', COST_SYNC_PATHS.mappings, {
      body: { campaignId: native.id, accountId: good.id, sourceCampaignId: CAMPAIGN, zoneTokenSlot: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const mapping = created.json<CostSyncMapping>();
    expect(mapping).toMatchObject({ platform: 'mgid', sourceAccountId: '' });

    const synced = await admin.call('POST', COST_SYNC_PATHS.sync, { body: { mappingId: mapping.id } });
    expect(synced.status, synced.text).toBe(200);
    expect(synced.json<CostSyncResult>().runs.map((run) => [run.outcome, run.error])).toEqual([['ok', null]]);
    const dayOne = await costByWidget(DAY_ONE);
    expect(dayOne.get('5001')).toBe(1_250_000);
    expect(dayOne.get('5002')).toBe(500_000);
    expect((await costByWidget(DAY_TWO)).get('5001')).toBe(1);
  });
});
