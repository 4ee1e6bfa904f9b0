import { truncateText } from '@cairn/contract';
import type { ConnectionCheck, PlatformHttp } from '../integrations/adapter.ts';
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

// PropellerAds' advertiser API, SSP API v5 (https://ssp-api.propellerads.com/v5/docs/), authorised with
// `Authorization: Bearer <API token>`:
// - POST /adv/statistics with a JSON body {group_by: [...], day_from: "YYYY-MM-DD 00:00:00",
//   day_to: "YYYY-MM-DD 23:59:59", campaign_id: [id]}; grouped by date_time (and zone_id), each row
//   carries date_time, zone_id and spent (USD, the currency advertiser accounts are billed in);
// - GET /adv/campaigns (the advertiser's campaigns, `result: [{id, name, ...}]`);
// - GET /adv/balance (the account's balance), used as the connection check.
// A token that is wrong or revoked answers 401; too many calls answer 429.

export const PROPELLERADS_DEFAULT_API_URL = 'https://ssp-api.propellerads.com/v5';
const CURRENCY = 'USD';
const headers = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

/** The API's message on a refusal: `message`, or the first of `errors`. */
function messageOf(status: number, body: string): string {
  const parsed = jsonOf(body) as { message?: unknown; errors?: unknown } | null;
  if (parsed && typeof parsed === 'object') {
    if (typeof parsed.message === 'string' && parsed.message !== '') return truncateText(parsed.message, 300);
    if (parsed.errors && typeof parsed.errors === 'object') {
      return truncateText(JSON.stringify(parsed.errors), 300);
    }
  }
  return `HTTP ${status}`;
}

function failure(status: number, body: string): SpendError {
  return new SpendError(messageOf(status, body), {
    tokenExpired: status === 401,
    rateLimited: status === 429,
  });
}

/** Statistics rows: the API answers a list, or an object holding it under `items` or `result`. */
function rowsOf(parsed: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(parsed)) return parsed as Record<string, unknown>[];
  if (parsed && typeof parsed === 'object') {
    const holder = parsed as { items?: unknown; result?: unknown };
    if (Array.isArray(holder.items)) return holder.items as Record<string, unknown>[];
    if (Array.isArray(holder.result)) return holder.result as Record<string, unknown>[];
  }
  return null;
}

export const propellerAdsSpendAdapter: SpendAdapter = {
  reportsZones: true,
  needsSourceAccount: false,
  callsPerMinute: 30,

  async checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck> {
    const answer = await http.outbound.get(`${apiRoot(http.baseUrl)}/adv/balance`, {
      timeoutMs: http.timeoutMs,
      headers: headers(token),
      maxBodyBytes: 64 * 1024,
    });
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, identity: null, error: null, tokenExpired: false };
    }
    return {
      ok: false,
      identity: null,
      error: messageOf(answer.status, answer.body),
      tokenExpired: answer.status === 401,
    };
  },

  async listCampaigns(http: PlatformHttp, token: string): Promise<SourceCampaign[]> {
    const answer = await http.outbound.get(`${apiRoot(http.baseUrl)}/adv/campaigns?page_size=1000`, {
      timeoutMs: http.timeoutMs,
      headers: headers(token),
      maxBodyBytes: SPEND_ANSWER_BYTES,
    });
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
    const rows = rowsOf(jsonOf(answer.body));
    if (!rows) throw new SpendError('PropellerAds answered without a campaign list');
    return rows.map((row) => ({ id: String(row.id ?? ''), name: String(row.name ?? '') }));
  },

  async fetchSpend(http: PlatformHttp, token: string, spend: SpendQuery): Promise<SpendReport> {
    const campaignId = Number(spend.sourceCampaignId);
    if (!/^\d+$/.test(spend.sourceCampaignId) || !Number.isSafeInteger(campaignId)) {
      throw new SpendError('A PropellerAds campaign id is digits');
    }
    const answer = await http.outbound.request(`${apiRoot(http.baseUrl)}/adv/statistics`, {
      method: 'POST',
      timeoutMs: http.timeoutMs,
      headers: { ...headers(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        group_by: spend.byZone ? ['date_time', 'zone_id'] : ['date_time'],
        day_from: `${spend.fromDay} 00:00:00`,
        day_to: `${spend.toDay} 23:59:59`,
        campaign_id: [campaignId],
      }),
      maxBodyBytes: SPEND_ANSWER_BYTES,
    });
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
    const rows = rowsOf(jsonOf(answer.body));
    if (!rows) throw new SpendError('PropellerAds answered without a statistics list');
    return spendReportOf(
      'PropellerAds',
      rows,
      (row) => ({
        day: row.date_time,
        spendMicros: amountMicros(row.spent),
        zone: spend.byZone && row.zone_id !== undefined && row.zone_id !== null ? String(row.zone_id) : null,
      }),
      CURRENCY,
    );
  },
};
