import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSpendSources, fakeSpendSources } from '../../test-support/sources/spendSources.ts';
import {
  TIKTOK_EXPIRED_TOKEN,
  TIKTOK_FOREIGN_ADVERTISER,
  TIKTOK_GOOD_TOKEN,
  TIKTOK_THROTTLED_TOKEN,
} from '../../test-support/sources/tiktokSource.ts';
import type { PlatformHttp } from '../integrations/adapter.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import { SpendError } from './adapter.ts';
import { tiktokSpendAdapter } from './tiktok.ts';

// The TikTok spend adapter against a local fake of TikTok's Business API
// (test-support/sources/tiktokSource.ts names the pages): the report it asks for, the pages it reads, and
// how it reads an expired token, a rate limit and a refusal from the code in a 200 answer's body.

let sources: FakeSpendSources;
let tiktok: PlatformHttp;

beforeAll(async () => {
  sources = await fakeSpendSources();
  const outbound = new OutboundGuard({ privateDestinations: ['127.0.0.1/32'] });
  const oauthTokenUrl = `${sources.url}/no-oauth`;
  tiktok = { outbound, timeoutMs: 5000, baseUrl: `${sources.url}/open_api/v1.3`, oauthTokenUrl };
  sources.tiktok.set(
    '7000000000000000001',
    new Map([
      [
        '1790000000000001',
        new Map([
          ['2026-03-04', '8.76'],
          ['2026-03-05', '0.000001'],
          ['2026-03-06', '3.00'],
        ]),
      ],
      ['1790000000000002', new Map([['2026-03-04', '40.00']])],
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

describe("TikTok's integrated report spend", () => {
  const video = { ...query, sourceAccountId: '7000000000000000001', sourceCampaignId: '1790000000000001' };

  it("asks for the campaign's BASIC report by day with the Access-Token header and reads every page", async () => {
    sources.calls.length = 0;
    const report = await tiktokSpendAdapter.fetchSpend(tiktok, TIKTOK_GOOD_TOKEN, video);
    expect(report).toEqual({
      currency: 'USD',
      rows: [
        { day: '2026-03-04', zone: null, spendMicros: 8_760_000 },
        { day: '2026-03-05', zone: null, spendMicros: 1 },
      ],
    });
    expect(sources.calls.map((call) => call.query.get('page'))).toEqual(['1', '2']);
    const first = sources.calls[0];
    expect(first?.path).toBe('/open_api/v1.3/report/integrated/get/');
    expect(first?.headers['access-token']).toBe(TIKTOK_GOOD_TOKEN);
    expect(Object.fromEntries(first?.query ?? [])).toMatchObject({
      advertiser_id: '7000000000000000001',
      report_type: 'BASIC',
      data_level: 'AUCTION_CAMPAIGN',
      start_date: '2026-03-04',
      end_date: '2026-03-05',
      page_size: '1000',
    });
    expect(JSON.parse(first?.query.get('dimensions') ?? '')).toEqual(['campaign_id', 'stat_time_day']);
    expect(JSON.parse(first?.query.get('metrics') ?? '')).toEqual(['spend', 'currency']);
    expect(JSON.parse(first?.query.get('filtering') ?? '')).toEqual([
      { field_name: 'campaign_ids', filter_type: 'IN', filter_value: '["1790000000000001"]' },
    ]);
  });

  it("reports the advertiser's currency as TikTok names it, and lists its campaigns", async () => {
    sources.tiktokCurrency = 'GBP';
    try {
      expect((await tiktokSpendAdapter.fetchSpend(tiktok, TIKTOK_GOOD_TOKEN, video)).currency).toBe('GBP');
    } finally {
      sources.tiktokCurrency = 'USD';
    }
    expect(await tiktokSpendAdapter.listCampaigns(tiktok, TIKTOK_GOOD_TOKEN, '7000000000000000001')).toEqual([
      { id: '1790000000000001', name: 'Video 1790000000000001' },
      { id: '1790000000000002', name: 'Video 1790000000000002' },
    ]);
    await expect(tiktokSpendAdapter.listCampaigns(tiktok, TIKTOK_GOOD_TOKEN, '')).rejects.toThrow(SpendError);
  });

  it('reads an expired token, a rate limit and a refusal from the code of a 200 answer', async () => {
    await expect(tiktokSpendAdapter.fetchSpend(tiktok, TIKTOK_EXPIRED_TOKEN, video)).rejects.toMatchObject({
      tokenExpired: true,
      rateLimited: false,
      message: '40102: Access token has expired.',
    });
    await expect(tiktokSpendAdapter.fetchSpend(tiktok, TIKTOK_THROTTLED_TOKEN, video)).rejects.toMatchObject({
      tokenExpired: false,
      rateLimited: true,
      message: '40100: Too many requests. Please retry later.',
    });
    await expect(
      tiktokSpendAdapter.fetchSpend(tiktok, TIKTOK_GOOD_TOKEN, {
        ...video,
        sourceAccountId: TIKTOK_FOREIGN_ADVERTISER,
      }),
    ).rejects.toMatchObject({
      name: 'SpendError',
      tokenExpired: false,
      rateLimited: false,
      message: `40001: No permission to operate advertiser ${TIKTOK_FOREIGN_ADVERTISER}.`,
    });
  });
});
