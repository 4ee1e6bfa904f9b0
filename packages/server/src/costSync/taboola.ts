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

// Taboola's Backstage API (https://developers.taboola.com/backstage-api/reference/).
// - Authentication (https://developers.taboola.com/backstage-api/reference/authentication-basics): the
//   client credentials flow, POST {base}/oauth/token with client_id, client_secret and
//   grant_type=client_credentials (form-encoded), answers `{access_token, token_type, expires_in}`; an
//   access token lasts 12 hours and then answers 401. The account stores `client_id:client_secret` as its
//   token; the access token is fetched when needed and kept in memory until shortly before it expires.
// - Spend (https://developers.taboola.com/backstage-api/docs/reporting-overview): GET
//   {base}/api/1.0/{account_id}/reports/campaign-summary/dimensions/day (or campaign_site_day_breakdown
//   for spend by site, Taboola's zone) with start_date, end_date and campaign; rows in `results` carry
//   `date` ("2019-10-26 00:00:00.0"), `spent` (a number), `currency`, and `site` by site.
// - Campaigns: GET {base}/api/1.0/{account_id}/campaigns/ (`results: [{id, name}]`).
// Errors answer `{http_status, message}`; 401 is an invalid or expired token, 429 too many calls.

export const TABOOLA_DEFAULT_API_URL = 'https://backstage.taboola.com/backstage';
/** An access token is renewed this long before Taboola says it expires. */
const RENEW_EARLY_MS = 10 * 60_000;

function messageOf(status: number, body: string): string {
  const parsed = jsonOf(body) as { message?: unknown; error_description?: unknown; error?: unknown } | null;
  if (parsed && typeof parsed === 'object') {
    for (const value of [parsed.message, parsed.error_description, parsed.error]) {
      if (typeof value === 'string' && value !== '') return truncateText(value, 300);
    }
  }
  return `HTTP ${status}`;
}

const failure = (status: number, body: string) =>
  new SpendError(messageOf(status, body), { tokenExpired: status === 401, rateLimited: status === 429 });

/** Access tokens by the credentials that got them, with when each expires. */
const accessTokens = new Map<string, { token: string; expiresAt: number }>();

function credentialsOf(stored: string): { id: string; secret: string } {
  const colon = stored.indexOf(':');
  if (colon <= 0 || colon === stored.length - 1) {
    throw new SpendError('A Taboola account stores its credentials as client_id:client_secret');
  }
  return { id: stored.slice(0, colon), secret: stored.slice(colon + 1) };
}

async function accessToken(http: PlatformHttp, stored: string): Promise<string> {
  const key = `${http.baseUrl}\u0000${stored}`;
  const cached = accessTokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const { id, secret } = credentialsOf(stored);
  const answer = await http.outbound.request(`${apiRoot(http.baseUrl)}/oauth/token`, {
    method: 'POST',
    timeoutMs: http.timeoutMs,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      client_id: id,
      client_secret: secret,
      grant_type: 'client_credentials',
    }).toString(),
    maxBodyBytes: 64 * 1024,
  });
  if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
  const parsed = jsonOf(answer.body) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!parsed || typeof parsed.access_token !== 'string')
    throw new SpendError('Taboola answered without an access token');
  const lifetime = typeof parsed.expires_in === 'number' ? parsed.expires_in * 1000 : 0;
  accessTokens.set(key, { token: parsed.access_token, expiresAt: Date.now() + lifetime - RENEW_EARLY_MS });
  return parsed.access_token;
}

/** A GET with a current access token; one 401 renews the token once (it may have expired early). */
async function get(http: PlatformHttp, stored: string, path: string): Promise<unknown> {
  for (let attempt = 0; ; attempt += 1) {
    const token = await accessToken(http, stored);
    const answer = await http.outbound.get(`${apiRoot(http.baseUrl)}${path}`, {
      timeoutMs: http.timeoutMs,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      maxBodyBytes: SPEND_ANSWER_BYTES,
    });
    if (answer.status === 401 && attempt === 0) {
      accessTokens.delete(`${http.baseUrl}\u0000${stored}`);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
    return jsonOf(answer.body);
  }
}

function resultsOf(parsed: unknown): Record<string, unknown>[] {
  const results = (parsed as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) throw new SpendError('Taboola answered without a results list');
  return results as Record<string, unknown>[];
}

const accountPath = (sourceAccountId: string): string => {
  if (!/^[A-Za-z0-9_-]+$/.test(sourceAccountId)) throw new SpendError('Give the Taboola account id');
  return `/api/1.0/${sourceAccountId}`;
};

export const taboolaSpendAdapter: SpendAdapter = {
  reportsZones: true,
  needsSourceAccount: true,
  callsPerMinute: 30,

  async checkConnection(http: PlatformHttp, stored: string): Promise<ConnectionCheck> {
    try {
      await accessToken(http, stored);
      return { ok: true, identity: credentialsOf(stored).id, error: null, tokenExpired: false };
    } catch (error) {
      if (!(error instanceof SpendError)) throw error;
      return { ok: false, identity: null, error: error.message, tokenExpired: error.tokenExpired };
    }
  },

  async listCampaigns(
    http: PlatformHttp,
    stored: string,
    sourceAccountId: string,
  ): Promise<SourceCampaign[]> {
    const rows = resultsOf(await get(http, stored, `${accountPath(sourceAccountId)}/campaigns/`));
    return rows.map((row) => ({ id: String(row.id ?? ''), name: String(row.name ?? '') }));
  },

  async fetchSpend(http: PlatformHttp, stored: string, spend: SpendQuery): Promise<SpendReport> {
    const dimension = spend.byZone ? 'campaign_site_day_breakdown' : 'day';
    const query = new URLSearchParams({
      start_date: spend.fromDay,
      end_date: spend.toDay,
      campaign: spend.sourceCampaignId,
    });
    const rows = resultsOf(
      await get(
        http,
        stored,
        `${accountPath(spend.sourceAccountId)}/reports/campaign-summary/dimensions/${dimension}?${query}`,
      ),
    );
    return spendReportOf('Taboola', rows, (row) => {
      const site = row.site ?? row.site_id;
      return {
        day: row.date,
        spendMicros: amountMicros(row.spent),
        zone: spend.byZone && site !== undefined && site !== null ? String(site) : null,
        currency: row.currency,
      };
    });
  },
};
