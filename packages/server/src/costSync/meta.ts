import { truncateText } from '@cairn/contract';
import type { ConnectionCheck, PlatformHttp } from '../integrations/adapter.ts';
import { metaAdapter } from '../integrations/meta.ts';
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

// Meta's spend from the Marketing API's Insights edge of an ad account
// (https://developers.facebook.com/docs/marketing-api/insights/ and the ad account edge at
// https://developers.facebook.com/docs/marketing-api/reference/ad-account/insights/):
// GET /act_<AD_ACCOUNT_ID>/insights with level=campaign, time_increment=1 (one row a day),
// time_range={"since","until"}, filtering on campaign.id, and fields campaign_id, spend (a decimal string
// in the ad account's currency) and account_currency; each row has date_start/date_stop, and more rows
// follow at paging.next (https://developers.facebook.com/docs/graph-api/results). Meta reports no zones.
// Campaigns are listed at GET /act_<id>/campaigns?fields=id,name
// (https://developers.facebook.com/docs/marketing-api/reference/ad-account/campaigns/).
//
// Errors answer `{error: {message, type, code, error_subcode}}`
// (https://developers.facebook.com/docs/graph-api/guides/error-handling/): code 190 is an expired or
// revoked token; codes 4, 17, 32, 613 and 80000-80014 are rate limits
// (https://developers.facebook.com/docs/graph-api/overview/rate-limiting/).

const PAGE_LIMIT = 500;
/** Pages followed at most: a campaign's days fit in one; more means something is wrong. */
const MAX_PAGES = 50;
const TOKEN_EXPIRED_CODE = 190;
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);

function failure(status: number, body: string): SpendError {
  const parsed = jsonOf(body) as { error?: { message?: unknown; code?: unknown } } | null;
  const error = parsed && typeof parsed === 'object' ? parsed.error : undefined;
  const code = typeof error?.code === 'number' ? error.code : null;
  const message = error ? truncateText(String(error.message ?? 'unknown error'), 300) : `HTTP ${status}`;
  return new SpendError(message, {
    tokenExpired: code === TOKEN_EXPIRED_CODE,
    rateLimited:
      status === 429 || (code !== null && (RATE_LIMIT_CODES.has(code) || (code >= 80000 && code <= 80014))),
  });
}

interface Page {
  data?: unknown;
  paging?: { next?: unknown };
}

/** Every page of a Graph edge, following paging.next on the same origin only. */
async function pages(http: PlatformHttp, first: string): Promise<Record<string, unknown>[]> {
  const origin = new URL(first).origin;
  const rows: Record<string, unknown>[] = [];
  let url: string | null = first;
  for (let page = 0; url !== null; page += 1) {
    if (page >= MAX_PAGES) throw new SpendError(`More than ${MAX_PAGES} pages of results`);
    const answer = await http.outbound.get(url, {
      timeoutMs: http.timeoutMs,
      maxBodyBytes: SPEND_ANSWER_BYTES,
    });
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
    const parsed = jsonOf(answer.body) as Page | null;
    if (!parsed || !Array.isArray(parsed.data)) throw new SpendError('Meta answered without a data list');
    rows.push(...(parsed.data as Record<string, unknown>[]));
    const next = parsed.paging?.next;
    url = typeof next === 'string' && next !== '' && new URL(next).origin === origin ? next : null;
  }
  return rows;
}

export const metaSpendAdapter: SpendAdapter = {
  reportsZones: false,
  needsSourceAccount: true,
  callsPerMinute: 60,

  checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck> {
    return metaAdapter.checkConnection(http, token);
  },

  async listCampaigns(http: PlatformHttp, token: string, sourceAccountId: string): Promise<SourceCampaign[]> {
    if (!/^\d+$/.test(sourceAccountId)) throw new SpendError('Give the ad account id (digits, without act_)');
    const query = new URLSearchParams({ fields: 'id,name', limit: String(PAGE_LIMIT), access_token: token });
    const rows = await pages(http, `${apiRoot(http.baseUrl)}/act_${sourceAccountId}/campaigns?${query}`);
    return rows.map((row) => ({ id: String(row.id ?? ''), name: String(row.name ?? '') }));
  },

  async fetchSpend(http: PlatformHttp, token: string, spend: SpendQuery): Promise<SpendReport> {
    if (!/^\d+$/.test(spend.sourceAccountId)) {
      throw new SpendError('The mapping names no ad account id (digits, without act_)');
    }
    const query = new URLSearchParams({
      level: 'campaign',
      fields: 'campaign_id,spend,account_currency',
      time_increment: '1',
      time_range: JSON.stringify({ since: spend.fromDay, until: spend.toDay }),
      filtering: JSON.stringify([{ field: 'campaign.id', operator: 'IN', value: [spend.sourceCampaignId] }]),
      limit: String(PAGE_LIMIT),
      access_token: token,
    });
    const rows = await pages(http, `${apiRoot(http.baseUrl)}/act_${spend.sourceAccountId}/insights?${query}`);
    return spendReportOf('Meta', rows, (row) =>
      String(row.campaign_id ?? '') === spend.sourceCampaignId
        ? { day: row.date_start, spendMicros: amountMicros(row.spend), currency: row.account_currency }
        : null,
    );
  },
};
