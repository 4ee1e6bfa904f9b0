import type http from 'node:http';
import type { Answer, FakeSpendSources } from './fakeSpendState.ts';

// MGID's REST API for advertisers part of the fake spend sources (spendSources.ts routes to it, under
// /mgid/v1): the client, its campaigns and its statistics report, answering as
// https://help.mgid.com/api-advertisers describes them. Where that page, as far as it could be read,
// shows no answer (the client's fields beyond `currency`, the campaign list's shape, a rate limit's
// answer), the fake's choice is said beside it.

export const MGID_CLIENT = '730001';
export const MGID_GOOD_TOKEN = '0123456789abcdef0123456789abcdef';
export const MGID_BAD_TOKEN = 'fedcba9876543210fedcba9876543210';
export const MGID_THROTTLED_TOKEN = '00000000000000000000000000000429';
export const MGID_GOOD_CREDENTIALS = `${MGID_CLIENT}:${MGID_GOOD_TOKEN}`;
export const MGID_BAD_CREDENTIALS = `${MGID_CLIENT}:${MGID_BAD_TOKEN}`;
export const MGID_THROTTLED_CREDENTIALS = `${MGID_CLIENT}:${MGID_THROTTLED_TOKEN}`;

// https://help.mgid.com/api-advertisers ("Mgid REST API answer"): refusals carry `errors`, a list of
// bracketed codes (https://raw.githubusercontent.com/api-evangelist/mgid/refs/heads/main/errors/mgid-error-codes.yml);
// 401 is a missing or invalid token, 404 an item not found. The advertiser page shows no body for a 401:
// a missing token answers the sentence observed at the live API, an unknown one the sentence the agency
// page (https://help.mgid.com/api-ra) gives, both on `errors`.
export const MGID_MISSING_TOKEN_ANSWER = { errors: 'Authentication token is missing' };
export const MGID_UNAUTHORISED_ANSWER = { errors: 'invalid token' };
export const MGID_NO_CAMPAIGN_ANSWER = { errors: ['[ERROR_CAMPAIGN_DOES_NOT_EXIST]'] };
// MGID documents no rate limit nor its answer: the fake answers HTTP 429 in MGID's errors envelope.
export const MGID_THROTTLED_ANSWER = { errors: ['[ERROR_TOO_MANY_REQUESTS]'] };

/** Rows per page of the statistics report: small, so a sync has to page with `offset`. */
const MGID_REPORT_PAGE_SIZE = 2;
/** The report's and the campaign list's page ceilings on the page. */
const MGID_MAX_REPORT_LIMIT = 1000;
const MGID_MAX_CAMPAIGN_LIMIT = 500;

export function mgidFake(state: FakeSpendSources) {
  function mgid(method: string, url: URL, authorization: string, json: Answer): http.ServerResponse {
    if (authorization === `Bearer ${MGID_THROTTLED_TOKEN}`) return json(429, MGID_THROTTLED_ANSWER);
    if (authorization === '') return json(401, MGID_MISSING_TOKEN_ANSWER);
    if (authorization !== `Bearer ${MGID_GOOD_TOKEN}`) return json(401, MGID_UNAUTHORISED_ANSWER);
    const params = url.searchParams;
    const notFound = () => json(404, { errors: ['[ERROR_RESOURCE_NOT_FOUND]'] });
    if (method !== 'GET') return json(405, { errors: ['[ERROR_NOT_VALID_METHOD]'] });
    // "Getting information about the current financial status of the client".
    const client = /^\/mgid\/v1\/clients\/(\d+)$/.exec(url.pathname);
    if (client) {
      if (client[1] !== MGID_CLIENT) return notFound();
      return json(200, { walletBalance: 2266.71, creditLimit: 0, currency: state.mgidCurrency });
    }
    const match = /^\/mgid\/v1\/goodhits\/clients\/(\d+)\/(campaigns|statistics-reports)$/.exec(url.pathname);
    if (!match || match[1] !== MGID_CLIENT) return notFound();
    const campaigns = state.mgid.get(match[1]) ?? new Map<string, Map<string, Map<string, number | null>>>();
    if (match[2] === 'campaigns') {
      // "Getting a collection of client's advertising campaigns": `limit` (at most 500) and `start`. The
      // fake answers an object keyed by campaign id.
      const limit = Number(params.get('limit') ?? MGID_MAX_CAMPAIGN_LIMIT);
      if (limit > MGID_MAX_CAMPAIGN_LIMIT) return json(400, { errors: ['[ERROR_MAX_LIMIT_PER_PAGE_500]'] });
      const start = Number(params.get('start') ?? '0');
      const ids = [...campaigns.keys()].slice(start, start + limit);
      return json(200, Object.fromEntries(ids.map((id) => [id, { id: Number(id), name: `Native ${id}` }])));
    }
    // The statistics report: filters[dateRange], metrics[], dimensions[], filters[campaigns][], limit, offset.
    const from = (params.get('filters[dateRange][dateFrom]') ?? '').slice(0, 10);
    const to = (params.get('filters[dateRange][dateTo]') ?? '').slice(0, 10);
    const metrics = params.getAll('metrics[]');
    const dimensions = params.getAll('dimensions[]');
    const limit = Number(params.get('limit') ?? '20');
    if (!from || !to) return json(400, { errors: ['[ERROR_INVALID_CUSTOM_DATES]'] });
    if (!metrics.includes('spent') || !dimensions.includes('day')) {
      return json(400, { errors: ['[NOT_ENOUGH_PARAMETERS]'] });
    }
    if (limit > MGID_MAX_REPORT_LIMIT) return json(400, { errors: ['[ERROR_MAX_LIMIT_PER_PAGE_1000]'] });
    const wanted = params.getAll('filters[campaigns][]');
    for (const id of wanted) if (!campaigns.has(id)) return json(404, MGID_NO_CAMPAIGN_ANSWER);
    const byWidget = dimensions.includes('widgetId');
    const rows: Record<string, unknown>[] = [];
    for (const [campaignId, days] of campaigns) {
      if (wanted.length > 0 && !wanted.includes(campaignId)) continue;
      for (const [day, widgets] of [...days].sort()) {
        if (day < from || day > to) continue;
        const base = { day: `${day}T00:00:00+00:00`, campaignId: Number(campaignId) };
        if (byWidget) {
          for (const [widgetId, spent] of widgets) {
            rows.push(spent === null ? { ...base, widgetId } : { ...base, widgetId, spent });
          }
        } else {
          const spents = [...widgets.values()];
          rows.push(
            spents.includes(null)
              ? base
              : { ...base, spent: spents.reduce((sum: number, one) => sum + (one ?? 0), 0) },
          );
        }
      }
    }
    const offset = Number(params.get('offset') ?? '0');
    const size = Math.min(limit, MGID_REPORT_PAGE_SIZE);
    return json(200, {
      data: rows.slice(offset, offset + size),
      meta: { total: rows.length, limit: size, offset },
    });
  }
  return mgid;
}
