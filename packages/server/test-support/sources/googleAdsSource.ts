import type http from 'node:http';
import { GOOGLE_INVALID_GRANT, googleAccessToken } from '../platforms/platformFixtures.ts';
import type { Answer, FakeSpendSources } from './fakeSpendState.ts';

// The Google Ads API part of the fake spend sources (spendSources.ts routes to it): Google's OAuth token
// endpoint and googleAds:searchStream, answering as the pages named below describe.

export const GOOGLE_GOOD_REFRESH = '1//googleGoodRefresh0123456789abcdef';
export const GOOGLE_REVOKED_REFRESH = '1//googleRevokedRefresh0123456789abcdef';
export const GOOGLE_DEVELOPER_TOKEN = 'devToken0123456789AB';
/** Customers the fake answers specially: a quota exhausted, and a stream that fails after its first batch. */
export const GOOGLE_THROTTLED_CUSTOMER = '9990000001';
export const GOOGLE_BROKEN_STREAM_CUSTOMER = '9990000002';

/** Google Ads credentials as an account seals them, for a customer (and refresh token). */
export const googleAdsCredentials = (customerId: string, refreshToken = GOOGLE_GOOD_REFRESH) => ({
  developerToken: GOOGLE_DEVELOPER_TOKEN,
  clientId: 'cairn-spend.apps.googleusercontent.com',
  clientSecret: 'googleSpendSecret0123',
  refreshToken,
  customerId,
  loginCustomerId: '1112223333',
});

// Google Ads API errors (https://developers.google.com/google-ads/api/docs/best-practices/error-types):
// over quota is HTTP 429 RESOURCE_EXHAUSTED with a QuotaError
// (https://developers.google.com/google-ads/api/reference/rpc/latest/QuotaErrorEnum.QuotaError).
export const GOOGLE_RESOURCE_EXHAUSTED = {
  error: {
    code: 429,
    message: 'Resource has been exhausted (e.g. check quota).',
    status: 'RESOURCE_EXHAUSTED',
    details: [
      {
        '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
        errors: [
          {
            errorCode: { quotaError: 'RESOURCE_TEMPORARILY_EXHAUSTED' },
            message: 'Too many requests. Retry in 30 seconds.',
          },
        ],
        requestId: 'spendQuota1',
      },
    ],
  },
};
/** An access token Google does not take (https://developers.google.com/google-ads/api/docs/best-practices/common-errors). */
export const GOOGLE_UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    status: 'UNAUTHENTICATED',
  },
};
/** A stream's failure after it began, as an element of the answer's array (an internal error). */
export const GOOGLE_STREAM_ERROR = {
  error: {
    code: 500,
    message: 'Internal error encountered.',
    status: 'INTERNAL',
    details: [
      {
        '@type': 'type.googleapis.com/google.ads.googleads.v26.errors.GoogleAdsFailure',
        errors: [
          {
            errorCode: { internalError: 'TRANSIENT_ERROR' },
            message: 'The request failed due to a transient error.',
          },
        ],
        requestId: 'spendStream1',
      },
    ],
  },
};

/** Google's token endpoint and the Google Ads API, over the fake's state. */
export function googleAdsFake(state: FakeSpendSources) {
  let googleIssued = 0;
  const googleTokens = new Set<string>();
  // https://developers.google.com/identity/protocols/oauth2/web-server#offline
  function googleToken(text: string, json: Answer): http.ServerResponse {
    const form = new URLSearchParams(text);
    if (form.get('grant_type') !== 'refresh_token') return json(400, { error: 'unsupported_grant_type' });
    if (form.get('refresh_token') !== GOOGLE_GOOD_REFRESH) return json(400, GOOGLE_INVALID_GRANT);
    googleIssued += 1;
    const token = `ya29.spend-${googleIssued}`;
    googleTokens.add(token);
    return json(200, googleAccessToken(token));
  }

  // https://developers.google.com/google-ads/api/rest/reference/rest/latest/customers.googleAds/searchStream
  function googleAds(
    url: URL,
    body: Record<string, unknown> | null,
    headers: http.IncomingHttpHeaders,
    json: Answer,
  ): http.ServerResponse {
    const token = String(headers.authorization ?? '').replace(/^Bearer /, '');
    if (!googleTokens.has(token)) return json(401, GOOGLE_UNAUTHENTICATED);
    if (headers['developer-token'] !== GOOGLE_DEVELOPER_TOKEN) {
      return json(401, {
        error: { code: 401, message: 'The developer token is not valid.', status: 'UNAUTHENTICATED' },
      });
    }
    const match = /^\/googleads\/v26\/customers\/(\d{10})\/googleAds:searchStream$/.exec(url.pathname);
    const query = typeof body?.query === 'string' ? body.query : '';
    if (!match || query === '') {
      return json(400, {
        error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
      });
    }
    const customer = match[1] ?? '';
    if (customer === GOOGLE_THROTTLED_CUSTOMER) return json(429, [GOOGLE_RESOURCE_EXHAUSTED]);
    const campaigns = state.googleAds.get(customer) ?? new Map<string, Map<string, string>>();
    const resource = (id: string) => `customers/${customer}/campaigns/${id}`;
    const batch = (results: unknown[]) => ({
      results,
      fieldMask: query
        .replace(/^SELECT (.*?) FROM .*$/, '$1')
        .replace(/_micros/g, 'Micros')
        .replace(/currency_code/g, 'currencyCode')
        .replace(/ /g, ''),
      requestId: `spend${customer}`,
    });
    if (/^SELECT campaign\.id, campaign\.name FROM campaign\b/.test(query)) {
      return json(200, [
        batch(
          [...campaigns.keys()].map((id) => ({
            campaign: { resourceName: resource(id), id, name: `Search ${id}` },
          })),
        ),
      ]);
    }
    // GAQL (https://developers.google.com/google-ads/api/docs/query/grammar): the campaign and the days.
    const where =
      /^SELECT campaign\.id, segments\.date, metrics\.cost_micros, customer\.currency_code FROM campaign WHERE campaign\.id = (\d+) AND segments\.date BETWEEN '(\d{4}-\d{2}-\d{2})' AND '(\d{4}-\d{2}-\d{2})'$/.exec(
        query,
      );
    if (!where) {
      return json(400, [
        {
          error: { code: 400, message: 'Request contains an invalid argument.', status: 'INVALID_ARGUMENT' },
        },
      ]);
    }
    const [, campaignId = '', since = '', until = ''] = where;
    const rows = [...(campaigns.get(campaignId) ?? new Map<string, string>())]
      .sort()
      .filter(([day]) => day >= since && day <= until)
      .map(([day, costMicros]) => ({
        customer: { resourceName: `customers/${customer}`, currencyCode: state.googleCurrency },
        campaign: { resourceName: resource(campaignId), id: campaignId },
        metrics: { costMicros },
        segments: { date: day },
      }));
    // A stream sends its rows in batches; one row a batch here, so the adapter reads them all.
    const batches: unknown[] = rows.map((row) => batch([row]));
    if (customer === GOOGLE_BROKEN_STREAM_CUSTOMER)
      return json(200, [...batches.slice(0, 1), GOOGLE_STREAM_ERROR]);
    return json(200, batches.length > 0 ? batches : [batch([])]);
  }

  return { googleToken, googleAds };
}
