import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOGLE_BROKEN_STREAM_CUSTOMER,
  GOOGLE_DEVELOPER_TOKEN,
  GOOGLE_REVOKED_REFRESH,
  GOOGLE_THROTTLED_CUSTOMER,
  googleAdsCredentials,
} from '../../test-support/sources/googleAdsSource.ts';
import { type FakeSpendSources, fakeSpendSources } from '../../test-support/sources/spendSources.ts';
import type { PlatformHttp } from '../integrations/adapter.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { SpendError } from './adapter.ts';
import { googleAdsSpendAdapter } from './googleAds.ts';

// The Google Ads spend adapter against a local fake of Google's OAuth endpoint and the Google Ads API
// (test-support/sources/googleAdsSource.ts names the pages): the refresh, the query it streams, the rows
// it reads, and how it reports a revoked grant, an exhausted quota and a stream that failed part-way.

let sources: FakeSpendSources;
let google: PlatformHttp;

beforeAll(async () => {
  sources = await fakeSpendSources();
  const outbound = new OutboundGuard({ privateDestinations: ['127.0.0.1/32'] });
  google = {
    outbound,
    timeoutMs: 5000,
    baseUrl: `${sources.url}/googleads/v26`,
    oauthTokenUrl: `${sources.url}/google/token`,
  };
  sources.googleAds.set(
    '1234567890',
    new Map([
      [
        '21000000001',
        new Map([
          ['2026-03-03', '7000000'],
          ['2026-03-04', '12340000'],
          ['2026-03-05', '1'],
        ]),
      ],
      ['21000000002', new Map([['2026-03-04', '500000000']])],
    ]),
  );
  sources.googleAds.set(GOOGLE_BROKEN_STREAM_CUSTOMER, sources.googleAds.get('1234567890') ?? new Map());
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

describe("Google Ads' searchStream spend", () => {
  const search = { ...query, sourceAccountId: '', sourceCampaignId: '21000000001' };
  const credentials = (customerId: string, refresh?: string) =>
    JSON.stringify(googleAdsCredentials(customerId, refresh));

  it("exchanges the refresh token, then streams the campaign's cost_micros by day with Google's headers", async () => {
    sources.calls.length = 0;
    const report = await googleAdsSpendAdapter.fetchSpend(google, credentials('1234567890'), search);
    expect(report).toEqual({
      currency: 'USD',
      rows: [
        { day: '2026-03-04', zone: null, spendMicros: 12_340_000 },
        { day: '2026-03-05', zone: null, spendMicros: 1 },
      ],
    });
    const [token, stream] = sources.calls;
    expect(token?.path).toBe('/google/token');
    expect(new URLSearchParams(token?.text).get('grant_type')).toBe('refresh_token');
    expect(stream?.method).toBe('POST');
    expect(stream?.path).toBe('/googleads/v26/customers/1234567890/googleAds:searchStream');
    expect(stream?.authorization).toMatch(/^Bearer ya29\.spend-\d+$/);
    expect(stream?.headers['developer-token']).toBe(GOOGLE_DEVELOPER_TOKEN);
    expect(stream?.headers['login-customer-id']).toBe('1112223333');
    expect(stream?.body).toEqual({
      query:
        'SELECT campaign.id, segments.date, metrics.cost_micros, customer.currency_code FROM campaign ' +
        "WHERE campaign.id = 21000000001 AND segments.date BETWEEN '2026-03-04' AND '2026-03-05'",
    });
  });

  it("reports the account's currency as Google names it, and lists the customer's campaigns", async () => {
    sources.googleCurrency = 'EUR';
    try {
      const report = await googleAdsSpendAdapter.fetchSpend(google, credentials('1234567890'), search);
      expect(report.currency).toBe('EUR');
    } finally {
      sources.googleCurrency = 'USD';
    }
    expect(await googleAdsSpendAdapter.listCampaigns(google, credentials('1234567890'), '')).toEqual([
      { id: '21000000001', name: 'Search 21000000001' },
      { id: '21000000002', name: 'Search 21000000002' },
    ]);
    await expect(
      googleAdsSpendAdapter.fetchSpend(google, credentials('1234567890'), {
        ...search,
        sourceCampaignId: '21000000001 OR 1=1',
      }),
    ).rejects.toThrow(SpendError);
  });

  it('says a revoked refresh token needs a new grant and an exhausted quota is a rate limit', async () => {
    const revoked = await googleAdsSpendAdapter
      .fetchSpend(google, credentials('1234567890', GOOGLE_REVOKED_REFRESH), search)
      .catch((error) => error);
    expect(revoked).toBeInstanceOf(SpendError);
    expect(revoked).toMatchObject({ tokenExpired: true, rateLimited: false });
    expect((revoked as Error).message).toContain('invalid_grant: Token has been expired or revoked.');
    await expect(
      googleAdsSpendAdapter.fetchSpend(google, credentials(GOOGLE_THROTTLED_CUSTOMER), search),
    ).rejects.toMatchObject({
      tokenExpired: false,
      rateLimited: true,
      message: 'Resource has been exhausted (e.g. check quota).: Too many requests. Retry in 30 seconds.',
    });
  });

  it('uses nothing of a stream that failed after its first batch, in Google’s words', async () => {
    await expect(
      googleAdsSpendAdapter.fetchSpend(google, credentials(GOOGLE_BROKEN_STREAM_CUSTOMER), search),
    ).rejects.toMatchObject({
      name: 'SpendError',
      tokenExpired: false,
      rateLimited: false,
      message: 'Internal error encountered.: The request failed due to a transient error.',
    });
  });
});
