import type { ConnectionCheck, PlatformHttp } from '../integrations/adapter.ts';
import { TIKTOK_TOKEN_CODES, tiktokAdapter, tiktokAnswerOf } from '../integrations/tiktok.ts';
import {
  amountMicros,
  apiRoot,
  jsonOf,
  type SourceCampaign,
  SPEND_ANSWER_BYTES,
  type SpendAdapter,
  SpendError,
  type SpendQuery,
  type SpendReport,
  spendReportOf,
} from './adapter.ts';

// TikTok's spend from the Business API (Marketing API) v1.3, the account's token in the `Access-Token`
// header and the advertiser id in the mapping:
// - Spend (Reporting, synchronous: https://business-api.tiktok.com/portal/docs?id=1740302848100353, as
//   the official SDK calls it: https://github.com/tiktok/tiktok-business-api-sdk, ReportingApi
//   reportIntegratedGet): GET {api}/report/integrated/get/ with advertiser_id, report_type=BASIC,
//   data_level=AUCTION_CAMPAIGN, dimensions ["campaign_id","stat_time_day"], metrics ["spend","currency"],
//   start_date, end_date, filtering on campaign_ids, page and page_size (at most 1000). Rows sit in
//   `data.list` as `{dimensions: {campaign_id, stat_time_day: "YYYY-MM-DD 00:00:00"}, metrics: {spend,
//   currency}}`, spend a decimal string in the advertiser's currency; `data.page_info` gives `total_page`.
// - Campaigns (https://business-api.tiktok.com/portal/docs?id=1739315828649986): GET {api}/campaign/get/
//   with advertiser_id, rows `{campaign_id, campaign_name}` in `data.list`, paged alike.
// - TikTok answers refusals with HTTP 200 and `{code, message, request_id}`, code 0 being success
//   (https://business-api.tiktok.com/portal/docs?id=1737172488964097): 40102, 40104 and 40105 are an
//   expired, missing and invalid or revoked token; 40100 is too many requests, as is an HTTP 429.

const PAGE_SIZE = 1000;
/** Pages followed at most: a campaign's days fit in one; more means something is wrong. */
const MAX_PAGES = 50;
const RATE_LIMIT_CODE = 40100;

interface Page {
  code?: unknown;
  data?: { list?: unknown; page_info?: { total_page?: unknown } };
}

/** Every row of a paged GET, each page checked for TikTok's code. */
async function pages(
  http: PlatformHttp,
  token: string,
  path: string,
  query: Record<string, string>,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1, total = 1; page <= total; page += 1) {
    if (page > MAX_PAGES) throw new SpendError(`More than ${MAX_PAGES} pages of results`);
    const params = new URLSearchParams({ ...query, page: String(page), page_size: String(PAGE_SIZE) });
    const answer = await http.outbound.get(`${apiRoot(http.baseUrl)}${path}?${params}`, {
      timeoutMs: http.timeoutMs,
      headers: { 'Access-Token': token, accept: 'application/json' },
      maxBodyBytes: SPEND_ANSWER_BYTES,
    });
    const said = tiktokAnswerOf(answer.body);
    const ok = answer.status >= 200 && answer.status < 300;
    if (!ok || said.code !== 0) {
      throw new SpendError(said.code === null ? `HTTP ${answer.status}` : `${said.code}: ${said.message}`, {
        tokenExpired: said.code !== null && TIKTOK_TOKEN_CODES.has(said.code),
        rateLimited: answer.status === 429 || said.code === RATE_LIMIT_CODE,
      });
    }
    const parsed = jsonOf(answer.body) as Page;
    if (!Array.isArray(parsed.data?.list)) throw new SpendError('TikTok answered without a data list');
    rows.push(...(parsed.data.list as Record<string, unknown>[]));
    const pagesSaid = Number(parsed.data.page_info?.total_page ?? 1);
    total = Number.isSafeInteger(pagesSaid) && pagesSaid > 0 ? pagesSaid : 1;
  }
  return rows;
}

const advertiserOf = (id: string): string => {
  if (!/^\d+$/.test(id)) throw new SpendError('Give the TikTok advertiser id (digits)');
  return id;
};

export const tiktokSpendAdapter: SpendAdapter = {
  reportsZones: false,
  needsSourceAccount: true,
  callsPerMinute: 30,

  checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck> {
    return tiktokAdapter.checkConnection(http, token);
  },

  async listCampaigns(http: PlatformHttp, token: string, sourceAccountId: string): Promise<SourceCampaign[]> {
    const rows = await pages(http, token, '/campaign/get/', { advertiser_id: advertiserOf(sourceAccountId) });
    return rows.map((row) => ({ id: String(row.campaign_id ?? ''), name: String(row.campaign_name ?? '') }));
  },

  async fetchSpend(http: PlatformHttp, token: string, spend: SpendQuery): Promise<SpendReport> {
    if (!/^\d+$/.test(spend.sourceCampaignId)) throw new SpendError('A TikTok campaign id is digits');
    const rows = await pages(http, token, '/report/integrated/get/', {
      advertiser_id: advertiserOf(spend.sourceAccountId),
      report_type: 'BASIC',
      data_level: 'AUCTION_CAMPAIGN',
      dimensions: JSON.stringify(['campaign_id', 'stat_time_day']),
      metrics: JSON.stringify(['spend', 'currency']),
      start_date: spend.fromDay,
      end_date: spend.toDay,
      filtering: JSON.stringify([
        {
          field_name: 'campaign_ids',
          filter_type: 'IN',
          filter_value: JSON.stringify([spend.sourceCampaignId]),
        },
      ]),
    });
    return spendReportOf('TikTok', rows, (row) => {
      const dimensions = (row.dimensions ?? {}) as Record<string, unknown>;
      const metrics = (row.metrics ?? {}) as Record<string, unknown>;
      if (String(dimensions.campaign_id ?? '') !== spend.sourceCampaignId) return null;
      // stat_time_day reads "YYYY-MM-DD 00:00:00".
      return {
        day: dimensions.stat_time_day,
        spendMicros: amountMicros(metrics.spend),
        currency: metrics.currency,
      };
    });
  },
};
