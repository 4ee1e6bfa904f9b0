import type { ConnectionCheck, PlatformHttp } from '../integrations/adapter.ts';
import {
  callGoogle,
  customerDigits,
  googleAdsAdapter,
  googleErrorOf,
  OAuthFailed,
  secretOf,
} from '../integrations/google.ts';
import {
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

// Google Ads spend through the API's REST interface, with the same sealed credentials and OAuth refresh
// as click conversions (integrations/google.ts): the customer is the account's customer id, reached
// through its login-customer-id when one is set.
// - Spend (https://developers.google.com/google-ads/api/rest/reference/rest/latest/customers.googleAds/searchStream):
//   POST {api}/customers/{customer_id}/googleAds:searchStream with `{query}`, a GAQL query
//   (https://developers.google.com/google-ads/api/docs/query/overview) selecting campaign.id,
//   segments.date, metrics.cost_micros and customer.currency_code FROM campaign, for the campaign and
//   `segments.date BETWEEN` the days; one row per day
//   (https://developers.google.com/google-ads/api/docs/reporting/segmentation). The answer is a JSON
//   array of batches `{results: [GoogleAdsRow], fieldMask, requestId}`, rows in lowerCamelCase with int64
//   as strings (https://developers.google.com/google-ads/api/rest/design/json-mappings): cost_micros is
//   `metrics.costMicros`, already micro-units of the account's currency
//   (https://developers.google.com/google-ads/api/fields/latest/metrics#cost_micros). Google reports no
//   zones by campaign here.
// - A stream that fails after it began carries the error as an element of the array, `{error: {...}}`
//   beside the batches already sent; then nothing of the answer is used.
// - Errors (https://developers.google.com/google-ads/api/docs/best-practices/error-types): 401
//   UNAUTHENTICATED once a fresh access token was refused, or `invalid_grant` for the refresh token, means a
//   new grant is needed; 429 RESOURCE_EXHAUSTED (QuotaError, https://developers.google.com/google-ads/api/docs/best-practices/quotas)
//   is a rate limit.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Row = Record<string, Record<string, unknown> | undefined>;

/** Google's error in an answer: the object, or the first `{error}` element of a stream's array. */
function failure(status: number, body: string): SpendError {
  const parsed = jsonOf(body);
  const holder = Array.isArray(parsed)
    ? (parsed as unknown[]).find((one) => one !== null && typeof one === 'object' && 'error' in one)
    : parsed;
  const said = holder === undefined ? null : googleErrorOf(JSON.stringify(holder));
  return new SpendError(said?.message ?? `HTTP ${status}`, {
    tokenExpired: status === 401 || said?.status === 'UNAUTHENTICATED',
    rateLimited: status === 429 || said?.status === 'RESOURCE_EXHAUSTED',
  });
}

/** Every row of a searchStream answer; a failed batch fails the whole answer. */
async function search(http: PlatformHttp, credentials: string, query: string): Promise<Row[]> {
  const secret = secretOf(credentials);
  const url = `${apiRoot(http.baseUrl)}/customers/${customerDigits(secret.customerId)}/googleAds:searchStream`;
  let answer: { status: number; body: string };
  try {
    answer = await callGoogle(http, secret, url, 'POST', JSON.stringify({ query }), SPEND_ANSWER_BYTES);
  } catch (error) {
    if (!(error instanceof OAuthFailed)) throw error;
    throw new SpendError(error.message, { tokenExpired: error.expired, rateLimited: error.status === 429 });
  }
  if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.body);
  const batches = jsonOf(answer.body);
  if (!Array.isArray(batches)) throw new SpendError('Google Ads answered without a list of result batches');
  const rows: Row[] = [];
  for (const batch of batches as { results?: unknown; error?: unknown }[]) {
    if (batch?.error !== undefined) throw failure(answer.status, answer.body);
    if (Array.isArray(batch?.results)) rows.push(...(batch.results as Row[]));
  }
  return rows;
}

const campaignDigits = (id: string): string => {
  if (!/^\d+$/.test(id)) throw new SpendError('A Google Ads campaign id is digits');
  return id;
};

export const googleAdsSpendAdapter: SpendAdapter = {
  reportsZones: false,
  needsSourceAccount: false,
  callsPerMinute: 30,

  checkConnection(http: PlatformHttp, credentials: string): Promise<ConnectionCheck> {
    return googleAdsAdapter.checkConnection(http, credentials);
  },

  async listCampaigns(http: PlatformHttp, credentials: string): Promise<SourceCampaign[]> {
    const rows = await search(
      http,
      credentials,
      "SELECT campaign.id, campaign.name FROM campaign WHERE campaign.status != 'REMOVED' ORDER BY campaign.id",
    );
    return rows.map((row) => ({
      id: String(row.campaign?.id ?? ''),
      name: String(row.campaign?.name ?? ''),
    }));
  },

  async fetchSpend(http: PlatformHttp, credentials: string, spend: SpendQuery): Promise<SpendReport> {
    const campaignId = campaignDigits(spend.sourceCampaignId);
    if (!DAY.test(spend.fromDay) || !DAY.test(spend.toDay)) throw new SpendError('Days are YYYY-MM-DD');
    const rows = await search(
      http,
      credentials,
      'SELECT campaign.id, segments.date, metrics.cost_micros, customer.currency_code FROM campaign ' +
        `WHERE campaign.id = ${campaignId} AND segments.date BETWEEN '${spend.fromDay}' AND '${spend.toDay}'`,
    );
    return spendReportOf('Google Ads', rows, (row) => {
      if (String(row.campaign?.id ?? '') !== campaignId) return null;
      // int64 arrives as a string, already in micro-units; a day without cost may leave the field out.
      const cost = String(row.metrics?.costMicros ?? '0');
      const micros = /^\d+$/.test(cost) && Number.isSafeInteger(Number(cost)) ? Number(cost) : null;
      return { day: row.segments?.date, spendMicros: micros, currency: row.customer?.currencyCode };
    });
  },
};
