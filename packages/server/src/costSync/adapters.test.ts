import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeSpendSources,
  fakeSpendSources,
  META_EXPIRED_TOKEN,
  META_GOOD_TOKEN,
  META_THROTTLED_TOKEN,
  PROPELLER_BAD_TOKEN,
  PROPELLER_GOOD_TOKEN,
  PROPELLER_THROTTLED_TOKEN,
  TABOOLA_BAD_CREDENTIALS,
  TABOOLA_CLIENT,
  TABOOLA_GOOD_CREDENTIALS,
  TABOOLA_THROTTLED_CREDENTIALS,
} from '../../test-support/sources/spendSources.ts';
import type { PlatformHttp } from '../integrations/adapter.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { amountMicros, SpendError } from './adapter.ts';
import { metaSpendAdapter } from './meta.ts';
import { propellerAdsSpendAdapter } from './propellerads.ts';
import { taboolaSpendAdapter } from './taboola.ts';

// Each spend adapter against a local fake of its source speaking the documented request and answer
// formats (test-support/spendSources.ts names the pages): the request it makes, the rows it reads, and
// how it reports an expired token and a rate limit.

let sources: FakeSpendSources;
let meta: PlatformHttp;
let propeller: PlatformHttp;
let taboola: PlatformHttp;

beforeAll(async () => {
  sources = await fakeSpendSources();
  const outbound = new OutboundGuard({ privateDestinations: ['127.0.0.1/32'] });
  // No source here exchanges a refresh token at Google's endpoint (Taboola's token call is on its own root).
  const oauthTokenUrl = `${sources.url}/no-oauth`;
  meta = { outbound, timeoutMs: 5000, baseUrl: `${sources.url}/v25.0`, oauthTokenUrl };
  propeller = { outbound, timeoutMs: 5000, baseUrl: `${sources.url}/v5`, oauthTokenUrl };
  taboola = { outbound, timeoutMs: 5000, baseUrl: `${sources.url}/backstage`, oauthTokenUrl };
  sources.taboola.set(
    'demo-advertiser',
    new Map([
      [
        '5501',
        new Map([
          [
            '2026-03-04',
            new Map([
              ['yahoo-network', 4.25],
              ['msn-home', 0.75],
            ]),
          ],
          ['2026-03-05', new Map([['msn-home', 1.5]])],
        ]),
      ],
    ]),
  );
  sources.meta.set(
    '1234567890',
    new Map([
      [
        '120200000000000001',
        new Map([
          ['2026-03-04', '12.34'],
          ['2026-03-05', '0.01'],
          ['2026-03-06', '99.99'],
        ]),
      ],
      ['120200000000000002', new Map([['2026-03-04', '500']])],
    ]),
  );
  sources.propeller.set(
    7001,
    new Map([
      [
        '2026-03-04',
        new Map([
          [101, 1.1],
          [202, 2.2],
        ]),
      ],
      ['2026-03-05', new Map([[101, 0.000123]])],
    ]),
  );
});
afterAll(async () => {
  await sources?.close();
});

const query = {
  sourceAccountId: '1234567890',
  sourceCampaignId: '120200000000000001',
  fromDay: '2026-03-04',
  toDay: '2026-03-05',
  byZone: false,
};

describe('spend amounts', () => {
  it('reads decimal strings and JSON numbers to the micro-unit, floats without their binary tail', () => {
    expect(amountMicros('12.34')).toBe(12_340_000);
    expect(amountMicros('0.0000005')).toBe(1);
    expect(amountMicros(0.1 + 0.2)).toBe(300_000);
    expect(amountMicros(1.1 + 2.2)).toBe(3_300_000);
    expect(amountMicros('-1')).toBeNull();
    expect(amountMicros(null)).toBeNull();
  });
});

describe("Meta's Insights spend", () => {
  it('asks the ad account for campaign-level daily spend of the campaign and follows paging.next', async () => {
    sources.calls.length = 0;
    const report = await metaSpendAdapter.fetchSpend(meta, META_GOOD_TOKEN, query);
    expect(report).toEqual({
      currency: 'USD',
      rows: [
        { day: '2026-03-04', zone: null, spendMicros: 12_340_000 },
        { day: '2026-03-05', zone: null, spendMicros: 10_000 },
      ],
    });
    expect(sources.calls).toHaveLength(2);
    const first = sources.calls[0];
    expect(first?.path).toBe('/v25.0/act_1234567890/insights');
    expect(first?.query.get('level')).toBe('campaign');
    expect(first?.query.get('time_increment')).toBe('1');
    expect(first?.query.get('fields')).toBe('campaign_id,spend,account_currency');
    expect(JSON.parse(first?.query.get('time_range') ?? '')).toEqual({
      since: '2026-03-04',
      until: '2026-03-05',
    });
    expect(JSON.parse(first?.query.get('filtering') ?? '')).toEqual([
      { field: 'campaign.id', operator: 'IN', value: ['120200000000000001'] },
    ]);
    expect(sources.calls[1]?.query.get('after')).toBe('1');
  });

  it("reports the account's currency as Meta names it", async () => {
    sources.metaCurrency = 'EUR';
    try {
      expect((await metaSpendAdapter.fetchSpend(meta, META_GOOD_TOKEN, query)).currency).toBe('EUR');
    } finally {
      sources.metaCurrency = 'USD';
    }
  });

  it('says an expired token is expired, and a throttled one is rate limited, in Meta’s words', async () => {
    const expired = await metaSpendAdapter
      .fetchSpend(meta, META_EXPIRED_TOKEN, query)
      .catch((error) => error);
    expect(expired).toBeInstanceOf(SpendError);
    expect(expired).toMatchObject({ tokenExpired: true, rateLimited: false });
    expect((expired as Error).message).toContain('Session has expired');
    const throttled = await metaSpendAdapter
      .fetchSpend(meta, META_THROTTLED_TOKEN, query)
      .catch((error) => error);
    expect(throttled).toMatchObject({
      tokenExpired: false,
      rateLimited: true,
      message: '(#17) User request limit reached',
    });
  });

  it("lists the ad account's campaigns, and refuses without an ad account id", async () => {
    expect(await metaSpendAdapter.listCampaigns(meta, META_GOOD_TOKEN, '1234567890')).toEqual([
      { id: '120200000000000001', name: 'Campaign 120200000000000001' },
      { id: '120200000000000002', name: 'Campaign 120200000000000002' },
    ]);
    await expect(metaSpendAdapter.listCampaigns(meta, META_GOOD_TOKEN, '')).rejects.toThrow(SpendError);
  });
});

describe("PropellerAds' statistics spend", () => {
  const push = { ...query, sourceAccountId: '', sourceCampaignId: '7001' };

  it('posts the campaign and days grouped by date (and zone) with the bearer token', async () => {
    sources.calls.length = 0;
    const byDay = await propellerAdsSpendAdapter.fetchSpend(propeller, PROPELLER_GOOD_TOKEN, push);
    expect(byDay).toEqual({
      currency: 'USD',
      rows: [
        { day: '2026-03-04', zone: null, spendMicros: 3_300_000 },
        { day: '2026-03-05', zone: null, spendMicros: 123 },
      ],
    });
    expect(sources.calls[0]).toMatchObject({
      method: 'POST',
      path: '/v5/adv/statistics',
      authorization: `Bearer ${PROPELLER_GOOD_TOKEN}`,
      body: {
        group_by: ['date_time'],
        day_from: '2026-03-04 00:00:00',
        day_to: '2026-03-05 23:59:59',
        campaign_id: [7001],
      },
    });
    const byZone = await propellerAdsSpendAdapter.fetchSpend(propeller, PROPELLER_GOOD_TOKEN, {
      ...push,
      byZone: true,
    });
    expect(byZone.rows).toEqual([
      { day: '2026-03-04', zone: '101', spendMicros: 1_100_000 },
      { day: '2026-03-04', zone: '202', spendMicros: 2_200_000 },
      { day: '2026-03-05', zone: '101', spendMicros: 123 },
    ]);
    expect(sources.calls[1]?.body?.group_by).toEqual(['date_time', 'zone_id']);
  });

  it('says a refused token needs replacing and a 429 is a rate limit', async () => {
    await expect(
      propellerAdsSpendAdapter.fetchSpend(propeller, PROPELLER_BAD_TOKEN, push),
    ).rejects.toMatchObject({
      tokenExpired: true,
      rateLimited: false,
      message: 'Unauthenticated.',
    });
    await expect(
      propellerAdsSpendAdapter.fetchSpend(propeller, PROPELLER_THROTTLED_TOKEN, push),
    ).rejects.toMatchObject({ tokenExpired: false, rateLimited: true, message: 'Too Many Attempts.' });
  });

  it('checks the connection with the balance, and lists campaigns', async () => {
    expect(await propellerAdsSpendAdapter.checkConnection(propeller, PROPELLER_GOOD_TOKEN)).toMatchObject({
      ok: true,
    });
    expect(await propellerAdsSpendAdapter.checkConnection(propeller, PROPELLER_BAD_TOKEN)).toEqual({
      ok: false,
      identity: null,
      error: 'Unauthenticated.',
      tokenExpired: true,
    });
    expect(await propellerAdsSpendAdapter.listCampaigns(propeller, PROPELLER_GOOD_TOKEN, '')).toEqual([
      { id: '7001', name: 'Push 7001' },
    ]);
  });
});

describe("Taboola's campaign summary spend", () => {
  const native = { ...query, sourceAccountId: 'demo-advertiser', sourceCampaignId: '5501' };

  it('gets an access token with the client credentials, then the day (or site and day) report', async () => {
    sources.calls.length = 0;
    const byDay = await taboolaSpendAdapter.fetchSpend(taboola, TABOOLA_GOOD_CREDENTIALS, native);
    expect(byDay).toEqual({
      currency: 'USD',
      rows: [
        { day: '2026-03-04', zone: null, spendMicros: 5_000_000 },
        { day: '2026-03-05', zone: null, spendMicros: 1_500_000 },
      ],
    });
    const [token, report] = sources.calls;
    expect(token?.path).toBe('/backstage/oauth/token');
    expect(Object.fromEntries(new URLSearchParams(token?.text))).toEqual({
      client_id: TABOOLA_CLIENT,
      client_secret: 'taboolaSecret0123456789',
      grant_type: 'client_credentials',
    });
    expect(report?.path).toBe('/backstage/api/1.0/demo-advertiser/reports/campaign-summary/dimensions/day');
    expect(Object.fromEntries(report?.query ?? [])).toEqual({
      start_date: '2026-03-04',
      end_date: '2026-03-05',
      campaign: '5501',
    });
    expect(report?.authorization).toMatch(/^Bearer access-\d+$/);
    const bySite = await taboolaSpendAdapter.fetchSpend(taboola, TABOOLA_GOOD_CREDENTIALS, {
      ...native,
      byZone: true,
    });
    expect(bySite.rows).toEqual([
      { day: '2026-03-04', zone: 'yahoo-network', spendMicros: 4_250_000 },
      { day: '2026-03-04', zone: 'msn-home', spendMicros: 750_000 },
      { day: '2026-03-05', zone: 'msn-home', spendMicros: 1_500_000 },
    ]);
    // The access token is kept: the second report asked for none.
    expect(sources.calls.filter((call) => call.path === '/backstage/oauth/token')).toHaveLength(1);
  });

  it('renews an access token Taboola no longer takes, once', async () => {
    const used = sources.calls.filter((call) => call.authorization.startsWith('Bearer access-')).at(-1);
    sources.taboolaExpired.add(used?.authorization.replace('Bearer ', '') ?? '');
    sources.calls.length = 0;
    await taboolaSpendAdapter.fetchSpend(taboola, TABOOLA_GOOD_CREDENTIALS, native);
    expect(sources.calls.map((call) => call.path)).toEqual([
      '/backstage/api/1.0/demo-advertiser/reports/campaign-summary/dimensions/day',
      '/backstage/oauth/token',
      '/backstage/api/1.0/demo-advertiser/reports/campaign-summary/dimensions/day',
    ]);
  });

  it('says wrong credentials need replacing and a 429 is a rate limit, in Taboola’s words', async () => {
    await expect(
      taboolaSpendAdapter.fetchSpend(taboola, TABOOLA_BAD_CREDENTIALS, native),
    ).rejects.toMatchObject({
      tokenExpired: true,
      message: 'Bad client credentials',
    });
    await expect(
      taboolaSpendAdapter.fetchSpend(taboola, TABOOLA_THROTTLED_CREDENTIALS, native),
    ).rejects.toMatchObject({ rateLimited: true, tokenExpired: false, message: 'Too many requests' });
    expect(await taboolaSpendAdapter.checkConnection(taboola, TABOOLA_GOOD_CREDENTIALS)).toEqual({
      ok: true,
      identity: TABOOLA_CLIENT,
      error: null,
      tokenExpired: false,
    });
    expect(
      await taboolaSpendAdapter.listCampaigns(taboola, TABOOLA_GOOD_CREDENTIALS, 'demo-advertiser'),
    ).toEqual([{ id: '5501', name: 'Native 5501' }]);
  });
});
