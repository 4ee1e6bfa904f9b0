import {
  COST_SYNC_PATHS,
  type CostSyncMapping,
  type CostSyncMappingList,
  type CostSyncResult,
  type CostSyncRunList,
  INTEGRATION_PATHS,
  type IntegrationAccount,
  type IntegrationCheck,
  type ReportResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, signedInAdmin } from '../../test-support/entities.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import { ADMIN_PASSWORD, Clock, TestBrowser } from '../../test-support/server.ts';
import { GOOGLE_REVOKED_REFRESH, googleAdsCredentials } from '../../test-support/sources/googleAdsSource.ts';
import {
  type FakeSpendSources,
  fakeSpendSources,
  META_EXPIRED_TOKEN,
  META_GOOD_TOKEN,
  PROPELLER_GOOD_TOKEN,
  PROPELLER_THROTTLED_TOKEN,
  TABOOLA_GOOD_CREDENTIALS,
} from '../../test-support/sources/spendSources.ts';
import { TIKTOK_GOOD_TOKEN } from '../../test-support/sources/tiktokSource.ts';
import type { RunningCairn } from '../index.ts';

// Cost sync on a real server (temp data dir, real clicks through /click) against fakes of Meta's Graph
// API, PropellerAds, Taboola, the Google Ads API (with Google's OAuth endpoint) and TikTok's Business API
// on a real port: two days of spend at the source become the report's cost
// per day to the micro-unit, zone spend lands on the clicks of that zone, and a second sync changes
// nothing. Failures (an expired token, a currency without a rate) are recorded on the mapping.

const DAY_ONE = '2026-03-04';
const DAY_TWO = '2026-03-05';
const AD_ACCOUNT = '1234567890';
const META_CAMPAIGN = '120200000000000001';
const PUSH_CAMPAIGN = 7001;
const GOOGLE_CUSTOMER = '1234567890';
const GOOGLE_CAMPAIGN = '21000000001';
const TIKTOK_ADVERTISER = '7000000000000000001';
const TIKTOK_CAMPAIGN = '1790000000000001';
const CPC = 50_000;
const clock = new Clock(`${DAY_ONE}T08:00:00.000Z`);

let sources: FakeSpendSources;
let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;
let alpha: Awaited<ReturnType<ConversionKit['campaign']>>;
let beta: Awaited<ReturnType<ConversionKit['campaign']>>;
let gamma: Awaited<ReturnType<ConversionKit['campaign']>>;
let delta: Awaited<ReturnType<ConversionKit['campaign']>>;
let epsilon: Awaited<ReturnType<ConversionKit['campaign']>>;
let metaAccount: IntegrationAccount;
let pushAccount: IntegrationAccount;
let nativeAccount: IntegrationAccount;
let googleAccount: IntegrationAccount;
let tiktokAccount: IntegrationAccount;

async function clicksAt(campaign: typeof alpha, zones: readonly string[]): Promise<void> {
  for (const zone of zones) {
    clock.advance(7 * 60_000 + 1234);
    await kit.click(campaign, `t1=${zone}`);
  }
}

async function account(platform: string, accessToken: string): Promise<IntegrationAccount> {
  const credentials = platform === 'google_ads' ? { googleAds: JSON.parse(accessToken) } : { accessToken };
  const created = await admin.call('POST', INTEGRATION_PATHS.accounts, {
    body: { platform, name: `${platform} account`, ...credentials },
  });
  expect(created.status, created.text).toBe(201);
  return created.json<IntegrationAccount>();
}

async function mapping(body: Record<string, unknown>): Promise<CostSyncMapping> {
  const created = await admin.call('POST', COST_SYNC_PATHS.mappings, { body });
  expect(created.status, created.text).toBe(201);
  return created.json<CostSyncMapping>();
}

async function syncNow(mappingId: number | null = null): Promise<CostSyncResult> {
  const answer = await admin.call('POST', COST_SYNC_PATHS.sync, { body: { mappingId } });
  expect(answer.status, answer.text).toBe(200);
  return answer.json<CostSyncResult>();
}

async function costBy(groupBy: string, campaignId: number, day: string): Promise<Map<unknown, number>> {
  const answer = await admin.get(
    `/api/report?groupBy=${groupBy}&from=${day}&to=${day}&timezone=UTC&limit=100&filter[campaign]=${campaignId}`,
  );
  expect(answer.status, answer.text).toBe(200);
  return new Map(answer.json<ReportResponse>().rows.map((row) => [row.value, row.metrics.cost]));
}

const campaignCost = async (campaignId: number, day: string) =>
  [...(await costBy('campaign', campaignId, day)).values()].reduce((sum, cost) => sum + cost, 0);

beforeAll(async () => {
  sources = await fakeSpendSources();
  ({ cairn, browser: admin } = await signedInAdmin({
    trustProxy: true,
    now: clock.now,
    privateDestinations: ['127.0.0.1'],
    metaGraphUrl: `${sources.url}/v25.0`,
    propellerAdsApiUrl: `${sources.url}/v5`,
    taboolaApiUrl: `${sources.url}/backstage`,
    googleAdsApiUrl: `${sources.url}/googleads/v26`,
    googleOAuthTokenUrl: `${sources.url}/google/token`,
    tiktokApiUrl: `${sources.url}/open_api/v1.3`,
    costSyncIntervalMinutes: 0,
    costSyncDays: 2,
  }));
  kit = new ConversionKit(cairn, admin);
  alpha = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  beta = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  gamma = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  delta = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  epsilon = await kit.campaign({ campaign: { costModel: 'cpc', costMicros: CPC } });
  await clicksAt(alpha, ['x', 'x', 'x']);
  await clicksAt(beta, ['101', '202', '101']);
  await clicksAt(gamma, ['yahoo-network', 'msn-home', 'msn-home']);
  await clicksAt(delta, ['x', 'x']);
  await clicksAt(epsilon, ['x', 'x', 'x']);
  clock.ms = Date.parse(`${DAY_TWO}T09:00:00Z`);
  await clicksAt(alpha, ['x', 'x']);
  await clicksAt(beta, ['101']);
  await clicksAt(gamma, ['msn-home']);
  await clicksAt(delta, ['x', 'x', 'x']);
  await clicksAt(epsilon, ['x']);
  clock.ms = Date.parse(`${DAY_TWO}T18:00:00Z`);
  await cairn.tracking.recorder.flushNow();
  admin = new TestBrowser(cairn.url);
  expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);

  sources.meta.set(
    AD_ACCOUNT,
    new Map([
      [
        META_CAMPAIGN,
        new Map([
          [DAY_ONE, '12.34'],
          [DAY_TWO, '0.01'],
        ]),
      ],
    ]),
  );
  sources.propeller.set(
    PUSH_CAMPAIGN,
    new Map([
      [
        DAY_ONE,
        new Map([
          [101, 1.1],
          [202, 2.2],
        ]),
      ],
      [DAY_TWO, new Map([[101, 0.000123]])],
    ]),
  );
  sources.taboola.set(
    'demo-advertiser',
    new Map([
      [
        '5501',
        new Map([
          [
            DAY_ONE,
            new Map([
              ['yahoo-network', 4.25],
              ['msn-home', 0.75],
            ]),
          ],
          [DAY_TWO, new Map([['msn-home', 1.5]])],
        ]),
      ],
    ]),
  );
  sources.googleAds.set(
    GOOGLE_CUSTOMER,
    new Map([
      [
        GOOGLE_CAMPAIGN,
        new Map([
          [DAY_ONE, '4560000'],
          [DAY_TWO, '7'],
        ]),
      ],
    ]),
  );
  sources.tiktok.set(
    TIKTOK_ADVERTISER,
    new Map([
      [
        TIKTOK_CAMPAIGN,
        new Map([
          [DAY_ONE, '8.76'],
          [DAY_TWO, '0.000001'],
        ]),
      ],
    ]),
  );
  metaAccount = await account('meta', META_GOOD_TOKEN);
  googleAccount = await account('google_ads', JSON.stringify(googleAdsCredentials(GOOGLE_CUSTOMER)));
  tiktokAccount = await account('tiktok', TIKTOK_GOOD_TOKEN);
  nativeAccount = await account('taboola', TABOOLA_GOOD_CREDENTIALS);
  pushAccount = await account('propellerads', PROPELLER_GOOD_TOKEN);
});
afterAll(async () => {
  await cairn?.close();
  await sources?.close();
});

describe('cost sync', () => {
  let metaMapping: CostSyncMapping;
  let pushMapping: CostSyncMapping;
  let nativeMapping: CostSyncMapping;
  let googleMapping: CostSyncMapping;
  let tiktokMapping: CostSyncMapping;

  it('refuses a mapping its source cannot serve', async () => {
    const noAdAccount = await admin.call('POST', COST_SYNC_PATHS.mappings, {
      body: { campaignId: alpha.id, accountId: metaAccount.id, sourceCampaignId: META_CAMPAIGN },
    });
    expect(noAdAccount.status).toBe(400);
    expect(errorFields(noAdAccount)).toContain('sourceAccountId');
    const metaZones = await admin.call('POST', COST_SYNC_PATHS.mappings, {
      body: {
        campaignId: alpha.id,
        accountId: metaAccount.id,
        sourceAccountId: AD_ACCOUNT,
        sourceCampaignId: META_CAMPAIGN,
        zoneTokenSlot: 1,
      },
    });
    expect(metaZones.status).toBe(400);
    expect(errorFields(metaZones)).toContain('zoneTokenSlot');
    const noAdvertiser = await admin.call('POST', COST_SYNC_PATHS.mappings, {
      body: { campaignId: epsilon.id, accountId: tiktokAccount.id, sourceCampaignId: TIKTOK_CAMPAIGN },
    });
    expect(noAdvertiser.status).toBe(400);
    expect(errorFields(noAdvertiser)).toContain('sourceAccountId');
  });

  it("sets two days of the source's spend as the report's cost per day, to the micro-unit", async () => {
    metaMapping = await mapping({
      campaignId: alpha.id,
      accountId: metaAccount.id,
      sourceAccountId: AD_ACCOUNT,
      sourceCampaignId: META_CAMPAIGN,
    });
    expect(metaMapping).toMatchObject({ platform: 'meta', lastOutcome: 'never', lastSyncAt: null });
    pushMapping = await mapping({
      campaignId: beta.id,
      accountId: pushAccount.id,
      sourceCampaignId: String(PUSH_CAMPAIGN),
      zoneTokenSlot: 1,
    });
    nativeMapping = await mapping({
      campaignId: gamma.id,
      accountId: nativeAccount.id,
      sourceAccountId: 'demo-advertiser',
      sourceCampaignId: '5501',
      zoneTokenSlot: 1,
    });
    googleMapping = await mapping({
      campaignId: delta.id,
      accountId: googleAccount.id,
      sourceCampaignId: GOOGLE_CAMPAIGN,
    });
    tiktokMapping = await mapping({
      campaignId: epsilon.id,
      accountId: tiktokAccount.id,
      sourceAccountId: TIKTOK_ADVERTISER,
      sourceCampaignId: TIKTOK_CAMPAIGN,
    });
    expect(googleMapping).toMatchObject({ platform: 'google_ads', sourceAccountId: '' });

    expect(await campaignCost(alpha.id, DAY_ONE)).toBe(3 * CPC);
    const { runs } = await syncNow();
    expect(runs.map((run) => [run.mappingId, run.outcome, run.error])).toEqual([
      [metaMapping.id, 'ok', null],
      [pushMapping.id, 'ok', null],
      [nativeMapping.id, 'ok', null],
      [googleMapping.id, 'ok', null],
      [tiktokMapping.id, 'ok', null],
    ]);
    expect(runs[0]).toMatchObject({
      fromDay: DAY_ONE,
      toDay: DAY_TWO,
      targets: 2,
      previousCostMicros: 5 * CPC,
      costMicros: 12_350_000,
      changedClicks: 5,
    });
    expect(await campaignCost(alpha.id, DAY_ONE)).toBe(12_340_000);
    expect(await campaignCost(alpha.id, DAY_TWO)).toBe(10_000);
    expect(runs[3]).toMatchObject({ targets: 2, previousCostMicros: 5 * CPC, changedClicks: 5 });
    expect(await campaignCost(delta.id, DAY_ONE)).toBe(4_560_000);
    expect(await campaignCost(delta.id, DAY_TWO)).toBe(7);
    expect(await campaignCost(epsilon.id, DAY_ONE)).toBe(8_760_000);
    expect(await campaignCost(epsilon.id, DAY_TWO)).toBe(1);
  });

  it('sets zone spend on the clicks whose token holds the zone', async () => {
    const dayOne = await costBy('token_1', beta.id, DAY_ONE);
    expect(dayOne.get('101')).toBe(1_100_000);
    expect(dayOne.get('202')).toBe(2_200_000);
    expect((await costBy('token_1', beta.id, DAY_TWO)).get('101')).toBe(123);
    const sites = await costBy('token_1', gamma.id, DAY_ONE);
    expect(sites.get('yahoo-network')).toBe(4_250_000);
    expect(sites.get('msn-home')).toBe(750_000);
    expect(await campaignCost(gamma.id, DAY_TWO)).toBe(1_500_000);
  });

  it('changes nothing when run again, and shows the last sync on the mapping', async () => {
    const { runs } = await syncNow();
    for (const run of runs) {
      expect(run.outcome).toBe('ok');
      expect(run.changedClicks).toBe(0);
      expect(run.previousCostMicros).toBe(run.costMicros);
    }
    expect(await campaignCost(alpha.id, DAY_ONE)).toBe(12_340_000);
    expect(await campaignCost(alpha.id, DAY_TWO)).toBe(10_000);
    expect((await costBy('token_1', beta.id, DAY_ONE)).get('101')).toBe(1_100_000);
    expect(await campaignCost(delta.id, DAY_ONE)).toBe(4_560_000);
    expect(await campaignCost(delta.id, DAY_TWO)).toBe(7);
    expect(await campaignCost(epsilon.id, DAY_ONE)).toBe(8_760_000);
    expect(await campaignCost(epsilon.id, DAY_TWO)).toBe(1);

    const list = (await admin.get(COST_SYNC_PATHS.mappings)).json<CostSyncMappingList>().items;
    const shown = list.find((one) => one.id === metaMapping.id);
    expect(shown).toMatchObject({
      lastOutcome: 'ok',
      lastSyncAt: new Date(clock.ms).toISOString(),
      lastError: null,
      lastPreviousCostMicros: 12_350_000,
      lastCostMicros: 12_350_000,
    });
    const history = (await admin.get(COST_SYNC_PATHS.runs)).json<CostSyncRunList>().items;
    expect(history).toHaveLength(10);
    expect(history[0]?.id).toBeGreaterThan(history[9]?.id ?? Number.POSITIVE_INFINITY);
  });

  it("records the source's words when a token has expired, and a currency without a rate", async () => {
    const expired = await account('meta', META_EXPIRED_TOKEN);
    const stale = await mapping({
      campaignId: alpha.id,
      accountId: expired.id,
      sourceAccountId: AD_ACCOUNT,
      sourceCampaignId: META_CAMPAIGN,
    });
    const [run] = (await syncNow(stale.id)).runs;
    expect(run).toMatchObject({ outcome: 'failed', tokenExpired: true, rateLimited: false, targets: 0 });
    expect(run?.error).toContain('Session has expired');
    const shown = (await admin.get(COST_SYNC_PATHS.mappings)).json<CostSyncMappingList>().items;
    expect(shown.find((one) => one.id === stale.id)).toMatchObject({ lastOutcome: 'failed' });

    const revoked = await account(
      'google_ads',
      JSON.stringify(googleAdsCredentials(GOOGLE_CUSTOMER, GOOGLE_REVOKED_REFRESH)),
    );
    const ungranted = await mapping({
      campaignId: delta.id,
      accountId: revoked.id,
      sourceCampaignId: GOOGLE_CAMPAIGN,
    });
    const [refused] = (await syncNow(ungranted.id)).runs;
    expect(refused).toMatchObject({ outcome: 'failed', tokenExpired: true, targets: 0 });
    expect(refused?.error).toContain('invalid_grant');
    expect(await campaignCost(delta.id, DAY_ONE)).toBe(4_560_000);

    sources.metaCurrency = 'EUR';
    try {
      const [euro] = (await syncNow(metaMapping.id)).runs;
      expect(euro?.outcome).toBe('failed');
      expect(euro?.error).toContain('no rate for EUR');
      expect(await campaignCost(alpha.id, DAY_ONE)).toBe(12_340_000);
    } finally {
      sources.metaCurrency = 'USD';
    }
  });

  it('stops calling a source that said too many calls, for the rest of the sync', async () => {
    const throttled = await account('propellerads', PROPELLER_THROTTLED_TOKEN);
    const first = await mapping({ campaignId: beta.id, accountId: throttled.id, sourceCampaignId: '7001' });
    const second = await mapping({ campaignId: alpha.id, accountId: throttled.id, sourceCampaignId: '7002' });
    sources.calls.length = 0;
    const { runs } = await syncNow();
    const mine = runs.filter((run) => run.mappingId === first.id || run.mappingId === second.id);
    expect(mine).toMatchObject([
      { outcome: 'failed', rateLimited: true, error: 'Too Many Attempts.' },
      { outcome: 'failed', rateLimited: false },
    ]);
    expect(mine[1]?.error).toContain('Not called in this sync');
    expect(
      sources.calls.filter((call) => call.authorization === `Bearer ${PROPELLER_THROTTLED_TOKEN}`),
    ).toHaveLength(1);
    for (const one of [first, second]) {
      expect(
        (await admin.call('DELETE', COST_SYNC_PATHS.mapping.replace(':id', String(one.id)))).status,
      ).toBe(200);
    }
  });

  it('refuses to send conversions through a cost-sync-only account', async () => {
    const source = await admin.call('POST', '/api/traffic_source', { body: { name: 'Push network' } });
    expect(source.status, source.text).toBe(201);
    const id = source.json<{ id: number }>().id;
    const refused = await admin.call(
      'PUT',
      INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(id)),
      { body: { accountId: pushAccount.id, pixelId: '123456789012345' } },
    );
    expect(refused.status).toBe(400);
    expect(errorFields(refused)).toContain('accountId');
  });

  it('checks a push network account through its spend adapter and lists its campaigns', async () => {
    const check = await admin.call('POST', INTEGRATION_PATHS.check.replace(':id', String(pushAccount.id)));
    expect(check.status, check.text).toBe(200);
    expect(check.json<IntegrationCheck>()).toMatchObject({ ok: true, error: null });
    const listed = await admin.get(
      `${COST_SYNC_PATHS.sourceCampaigns.replace(':id', String(metaAccount.id))}?sourceAccountId=${AD_ACCOUNT}`,
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json<{ items: unknown[] }>().items).toEqual([
      { id: META_CAMPAIGN, name: `Campaign ${META_CAMPAIGN}` },
    ]);
  });

  it('deletes a mapping and its history', async () => {
    const removed = await admin.call(
      'DELETE',
      COST_SYNC_PATHS.mapping.replace(':id', String(pushMapping.id)),
    );
    expect(removed.status).toBe(200);
    const history = (await admin.get(COST_SYNC_PATHS.runs)).json<CostSyncRunList>().items;
    expect(history.some((run) => run.mappingId === pushMapping.id)).toBe(false);
  });
});
