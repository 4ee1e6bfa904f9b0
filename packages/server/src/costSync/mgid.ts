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

// MGID's REST API for advertisers (https://help.mgid.com/api-advertisers), root https://api.mgid.com/v1.
// The parts of that page reachable when this was written give the root, the identification (a
// 32-character token in the `Authorization` header; every request carries it), that refusals answer an
// HTTP status with `errors`, and its sections: the client's financial status, the client's campaigns,
// statistics by site, daily and detailed daily statistics. The statistics report's parameters and answer
// below were read from a transcription of that page, and the `errors` codes from
// https://raw.githubusercontent.com/api-evangelist/mgid/refs/heads/main/errors/mgid-error-codes.yml.
// - Identification: the API token from the MGID dashboard, `Authorization: Bearer <token>`. The page also
//   names a login call (POST /v1/auth/token with the account's e-mail and password); Cairn does not use
//   it, so it never keeps a password. The advertiser's paths name the client id, so the account stores
//   `client_id:token`.
// - Client (GET /v1/clients/{client_id}): its wallet balance and `currency`; the connection check, and
//   where the currency of the spend comes from, since statistics rows carry none.
// - Campaigns: GET /v1/goodhits/clients/{client_id}/campaigns, `limit` (at most 500) and `start`.
// - Spend: GET /v1/goodhits/clients/{client_id}/statistics-reports with
//   filters[dateRange][dateFrom|dateTo] (ISO 8601, at most 90 days apart), metrics[]=spent,
//   dimensions[]=day (and widgetId, the widget {widget_id} passes: MGID's zone), filters[campaigns][],
//   `limit` (at most 1000) and `offset`; the answer is `{data: [{day: "2025-01-15T00:00:00+00:00",
//   spent: 19.05, ...}], meta: {total, limit, offset}}`. Statistics by site
//   (GET /v1/goodhits/campaigns/{id}/quality-analysis) gives one interval's totals per site, so a day by
//   widget would cost a call per day; the report gives days by widget in one.
// - Errors: `{errors: ["[ERROR_CODE]"]}`; 401 is a missing or invalid token.
// Not described in what could be read, so not relied on beyond this: the campaign list's answer (read
// as a list, or an object keyed by campaign id, of {id, name}), the row field carrying the widget id
// (read as `widgetId`, the dimension's name), the client answer's fields other than `currency`, and any
// rate limit (a 429 is read as one, as HTTP means it).

export const MGID_DEFAULT_API_URL = 'https://api.mgid.com/v1';
const CAMPAIGN_PAGE = 500;
const REPORT_PAGE = 1000;

/** MGID's words on a refusal: its `errors` (codes, or a sentence), else the HTTP status. */
function messageOf(status: number, body: string): string {
  const parsed = jsonOf(body) as { errors?: unknown; message?: unknown } | null;
  if (parsed && typeof parsed === 'object') {
    const { errors, message } = parsed;
    if (Array.isArray(errors) && errors.length > 0) return truncateText(errors.map(String).join(', '), 300);
    if (typeof errors === 'string' && errors !== '') return truncateText(errors, 300);
    if (typeof message === 'string' && message !== '') return truncateText(message, 300);
  }
  return `HTTP ${status}`;
}

const failure = (status: number, body: string) =>
  new SpendError(messageOf(status, body), { tokenExpired: status === 401, rateLimited: status === 429 });

function credentialsOf(stored: string): { clientId: string; token: string } {
  const colon = stored.indexOf(':');
  const clientId = stored.slice(0, colon);
  if (colon <= 0 || colon === stored.length - 1 || !/^\d+$/.test(clientId)) {
    throw new SpendError('An MGID account stores its client id and API token as client_id:token');
  }
  return { clientId, token: stored.slice(colon + 1) };
}

async function get(
  http: PlatformHttp,
  token: string,
  path: string,
  maxBodyBytes = SPEND_ANSWER_BYTES,
): Promise<unknown> {
  const answer = await http.outbound.get(`${apiRoot(http.baseUrl)}${path}`, {
    timeoutMs: http.timeoutMs,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    maxBodyBytes,
  });
  if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
  return jsonOf(answer.body);
}

/** The client's currency as MGID names it (ISO 4217). */
async function currencyOf(http: PlatformHttp, clientId: string, token: string): Promise<string> {
  const client = (await get(http, token, `/clients/${clientId}`, 64 * 1024)) as { currency?: unknown } | null;
  const currency = client && typeof client === 'object' ? client.currency : undefined;
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) {
    throw new SpendError("MGID's client answer did not name the account's currency");
  }
  return currency.toUpperCase();
}

/** A campaign list answer: a list, or an object keyed by campaign id. */
function campaignsOf(parsed: unknown): Record<string, unknown>[] {
  if (Array.isArray(parsed)) return parsed as Record<string, unknown>[];
  if (parsed && typeof parsed === 'object') {
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([, value]) => value !== null && typeof value === 'object')
      .map(([id, value]) => ({ id, ...(value as Record<string, unknown>) }));
  }
  throw new SpendError('MGID answered without a campaign list');
}

export const mgidSpendAdapter: SpendAdapter = {
  reportsZones: true,
  needsSourceAccount: false,
  callsPerMinute: 30,

  async checkConnection(http: PlatformHttp, stored: string): Promise<ConnectionCheck> {
    try {
      const { clientId, token } = credentialsOf(stored);
      await get(http, token, `/clients/${clientId}`, 64 * 1024);
      return { ok: true, identity: clientId, error: null, tokenExpired: false };
    } catch (error) {
      if (!(error instanceof SpendError)) throw error;
      return { ok: false, identity: null, error: error.message, tokenExpired: error.tokenExpired };
    }
  },

  async listCampaigns(http: PlatformHttp, stored: string): Promise<SourceCampaign[]> {
    const { clientId, token } = credentialsOf(stored);
    const campaigns: SourceCampaign[] = [];
    for (let start = 0; ; start += CAMPAIGN_PAGE) {
      const page = campaignsOf(
        await get(
          http,
          token,
          `/goodhits/clients/${clientId}/campaigns?limit=${CAMPAIGN_PAGE}&start=${start}`,
        ),
      );
      for (const row of page) campaigns.push({ id: String(row.id ?? ''), name: String(row.name ?? '') });
      if (page.length < CAMPAIGN_PAGE) return campaigns;
    }
  },

  async fetchSpend(http: PlatformHttp, stored: string, spend: SpendQuery): Promise<SpendReport> {
    const { clientId, token } = credentialsOf(stored);
    if (!/^\d+$/.test(spend.sourceCampaignId)) throw new SpendError('An MGID campaign id is digits');
    const currency = await currencyOf(http, clientId, token);
    const rows: Record<string, unknown>[] = [];
    for (let offset = 0; ; ) {
      const query = new URLSearchParams({
        'filters[dateRange][dateFrom]': `${spend.fromDay}T00:00:00.000Z`,
        'filters[dateRange][dateTo]': `${spend.toDay}T23:59:59.000Z`,
        'filters[campaigns][]': spend.sourceCampaignId,
        'metrics[]': 'spent',
        limit: String(REPORT_PAGE),
        offset: String(offset),
      });
      query.append('dimensions[]', 'day');
      if (spend.byZone) query.append('dimensions[]', 'widgetId');
      const answer = (await get(
        http,
        token,
        `/goodhits/clients/${clientId}/statistics-reports?${query}`,
      )) as {
        data?: unknown;
        meta?: { total?: unknown };
      } | null;
      if (!answer || !Array.isArray(answer.data)) throw new SpendError('MGID answered without a data list');
      rows.push(...(answer.data as Record<string, unknown>[]));
      offset += answer.data.length;
      const total = Number(answer.meta?.total ?? 0);
      if (answer.data.length === 0 || !(offset < total)) break;
    }
    return spendReportOf(
      'MGID',
      rows,
      (row) => {
        // The filter asks for this campaign only; a row naming another is not this campaign's spend.
        if (row.campaignId !== undefined && String(row.campaignId) !== spend.sourceCampaignId) return null;
        const widget = row.widgetId;
        return {
          day: row.day,
          spendMicros: amountMicros(row.spent),
          zone: spend.byZone && widget !== undefined && widget !== null ? String(widget) : null,
        };
      },
      currency,
    );
  },
};
