import type http from 'node:http';
import type { Answer, FakeSpendSources } from './fakeSpendState.ts';

// TikTok's Business API part of the fake spend sources (spendSources.ts routes to it): the integrated
// report and the campaign list, answering as the pages named below describe.

export const TIKTOK_GOOD_TOKEN = 'tiktokSpendGood0123456789abcdef0123456789';
export const TIKTOK_EXPIRED_TOKEN = 'tiktokSpendExpired0123456789abcdef012345';
export const TIKTOK_THROTTLED_TOKEN = 'tiktokSpendThrottled0123456789abcdef0123';
/** An advertiser the good token is not authorised for: TikTok refuses it in the body of a 200. */
export const TIKTOK_FOREIGN_ADVERTISER = '7000000000000000999';

// TikTok's Business API answers every refusal with HTTP 200 and a non-zero code
// (https://business-api.tiktok.com/portal/docs?id=1737172488964097).
const tiktokRefusal = (code: number, message: string) => ({
  code,
  message,
  request_id: `2026030408000${code}`,
  data: {},
});
export const TIKTOK_EXPIRED_ANSWER = tiktokRefusal(40102, 'Access token has expired.');
export const TIKTOK_THROTTLED_ANSWER = tiktokRefusal(40100, 'Too many requests. Please retry later.');
export const TIKTOK_NO_PERMISSION_ANSWER = tiktokRefusal(
  40001,
  'No permission to operate advertiser 7000000000000000999.',
);

/** Rows per page of TikTok's answers: small, so a sync has to page through them. */
const TIKTOK_PAGE_SIZE = 1;

/** TikTok's Business API, over the fake's state. */
export function tiktokFake(state: FakeSpendSources) {
  // https://business-api.tiktok.com/portal/docs?id=1740302848100353 (reporting) and
  // https://business-api.tiktok.com/portal/docs?id=1739315828649986 (campaigns).
  function tiktok(url: URL, headers: http.IncomingHttpHeaders, json: Answer): http.ServerResponse {
    const token = String(headers['access-token'] ?? '');
    if (token === TIKTOK_EXPIRED_TOKEN) return json(200, TIKTOK_EXPIRED_ANSWER);
    if (token === TIKTOK_THROTTLED_TOKEN) return json(200, TIKTOK_THROTTLED_ANSWER);
    if (token !== TIKTOK_GOOD_TOKEN)
      return json(200, tiktokRefusal(40105, 'Access token is incorrect or has been revoked.'));
    const params = url.searchParams;
    const advertiser = params.get('advertiser_id') ?? '';
    if (advertiser === TIKTOK_FOREIGN_ADVERTISER) return json(200, TIKTOK_NO_PERMISSION_ANSWER);
    const campaigns = state.tiktok.get(advertiser) ?? new Map<string, Map<string, string>>();
    const page = Number(params.get('page') ?? '1');
    const paged = (list: unknown[]) => {
      const size = Math.min(Number(params.get('page_size') ?? '10'), TIKTOK_PAGE_SIZE);
      return json(200, {
        code: 0,
        message: 'OK',
        request_id: '202603040800000000',
        data: {
          list: list.slice((page - 1) * size, page * size),
          page_info: {
            page,
            page_size: size,
            total_number: list.length,
            total_page: Math.max(1, Math.ceil(list.length / size)),
          },
        },
      });
    };
    if (url.pathname === '/open_api/v1.3/campaign/get/') {
      return paged(
        [...campaigns.keys()].map((id) => ({
          campaign_id: id,
          campaign_name: `Video ${id}`,
          advertiser_id: advertiser,
        })),
      );
    }
    if (url.pathname !== '/open_api/v1.3/report/integrated/get/')
      return json(200, tiktokRefusal(40002, 'Invalid path'));
    const dimensions = JSON.parse(params.get('dimensions') ?? '[]') as string[];
    const metrics = JSON.parse(params.get('metrics') ?? '[]') as string[];
    if (
      params.get('report_type') !== 'BASIC' ||
      params.get('data_level') !== 'AUCTION_CAMPAIGN' ||
      !dimensions.includes('campaign_id') ||
      !dimensions.includes('stat_time_day')
    ) {
      return json(200, tiktokRefusal(40002, 'report_type, data_level or dimensions: invalid value'));
    }
    const filtering = JSON.parse(params.get('filtering') ?? '[]') as {
      field_name: string;
      filter_value: string;
    }[];
    const filter = filtering.find((one) => one.field_name === 'campaign_ids');
    const wanted = filter ? (JSON.parse(filter.filter_value) as string[]) : null;
    const from = params.get('start_date') ?? '';
    const to = params.get('end_date') ?? '';
    const list: unknown[] = [];
    for (const [campaignId, days] of campaigns) {
      if (wanted && !wanted.includes(campaignId)) continue;
      for (const [day, spend] of [...days].sort()) {
        if (day < from || day > to) continue;
        const row: Record<string, string> = { spend };
        if (metrics.includes('currency')) row.currency = state.tiktokCurrency;
        list.push({
          dimensions: { campaign_id: campaignId, stat_time_day: `${day} 00:00:00` },
          metrics: row,
        });
      }
    }
    return paged(list);
  }
  return tiktok;
}
