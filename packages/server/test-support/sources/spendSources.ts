import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { GOOGLE_INVALID_GRANT, googleAccessToken } from '../platforms/platformFixtures.ts';

// Fakes of the traffic sources cost sync pulls spend from, on a real local port, answering in the formats
// their public documentation gives (each answer below names its page). One server plays them all: Meta's
// Graph API under /v25.0, PropellerAds' SSP API under /v5, Taboola under /backstage, the Google Ads API
// under /googleads/v26 with Google's OAuth token endpoint at /google/token, and TikTok's Business API
// under /open_api/v1.3. Spend is kept per day (and zone) and the
// answers are built from it the way the sources build theirs.

export const META_GOOD_TOKEN = 'EAAGoodSpend0123456789abcdefTOKEN';
export const META_EXPIRED_TOKEN = 'EAAExpiredSpend0123456789abcdefTOKEN';
export const META_THROTTLED_TOKEN = 'EAAThrottledSpend0123456789abcdefTOKEN';
export const PROPELLER_GOOD_TOKEN = 'propellerGood0123456789abcdef0123456789';
export const PROPELLER_BAD_TOKEN = 'propellerRevoked0123456789abcdef0123456';
export const PROPELLER_THROTTLED_TOKEN = 'propellerThrottled0123456789abcdef01234';
export const TABOOLA_CLIENT = 'cairn-client-id';
export const TABOOLA_GOOD_CREDENTIALS = `${TABOOLA_CLIENT}:taboolaSecret0123456789`;
export const TABOOLA_BAD_CREDENTIALS = `${TABOOLA_CLIENT}:wrongSecret0123456789`;
export const TABOOLA_THROTTLED_CREDENTIALS = 'throttled-client:taboolaSecret0123456789';

export const GOOGLE_GOOD_REFRESH = '1//googleGoodRefresh0123456789abcdef';
export const GOOGLE_REVOKED_REFRESH = '1//googleRevokedRefresh0123456789abcdef';
export const GOOGLE_DEVELOPER_TOKEN = 'devToken0123456789AB';
/** Customers the fake answers specially: a quota exhausted, and a stream that fails after its first batch. */
export const GOOGLE_THROTTLED_CUSTOMER = '9990000001';
export const GOOGLE_BROKEN_STREAM_CUSTOMER = '9990000002';
export const TIKTOK_GOOD_TOKEN = 'tiktokSpendGood0123456789abcdef0123456789';
export const TIKTOK_EXPIRED_TOKEN = 'tiktokSpendExpired0123456789abcdef012345';
export const TIKTOK_THROTTLED_TOKEN = 'tiktokSpendThrottled0123456789abcdef0123';
/** An advertiser the good token is not authorised for: TikTok refuses it in the body of a 200. */
export const TIKTOK_FOREIGN_ADVERTISER = '7000000000000000999';

/** Google Ads credentials as an account seals them, for a customer (and refresh token). */
export const googleAdsCredentials = (customerId: string, refreshToken = GOOGLE_GOOD_REFRESH) => ({
  developerToken: GOOGLE_DEVELOPER_TOKEN,
  clientId: 'cairn-spend.apps.googleusercontent.com',
  clientSecret: 'googleSpendSecret0123',
  refreshToken,
  customerId,
  loginCustomerId: '1112223333',
});

export interface SpendCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | null;
  /** The body as sent (a form for Taboola's token endpoint). */
  text: string;
  authorization: string;
  headers: http.IncomingHttpHeaders;
}

export interface FakeSpendSources {
  url: string;
  /** Meta: ad account id -> campaign id -> day -> spend as Meta writes it (a decimal string). */
  meta: Map<string, Map<string, Map<string, string>>>;
  metaCurrency: string;
  /** Taboola: account id -> campaign id -> day -> site -> spent (a JSON number). */
  taboola: Map<string, Map<string, Map<string, Map<string, number>>>>;
  taboolaCurrency: string;
  /** Access tokens Taboola handed out that it no longer takes (expired). */
  taboolaExpired: Set<string>;
  /** PropellerAds: campaign id -> day -> zone id -> spent (a JSON number, USD). */
  propeller: Map<number, Map<string, Map<number, number>>>;
  /** Google Ads: customer id -> campaign id -> day -> cost_micros (int64, written as a string). */
  googleAds: Map<string, Map<string, Map<string, string>>>;
  googleCurrency: string;
  /** TikTok: advertiser id -> campaign id -> day -> spend (a decimal string). */
  tiktok: Map<string, Map<string, Map<string, string>>>;
  tiktokCurrency: string;
  calls: SpendCall[];
  close(): Promise<void>;
}

// Meta's Graph API errors (https://developers.facebook.com/docs/graph-api/guides/error-handling/): an
// expired session is OAuthException code 190 (subcode 463); a throttled user is code 17
// (https://developers.facebook.com/docs/graph-api/overview/rate-limiting/).
export const META_EXPIRED_ANSWER = {
  error: {
    message: 'Error validating access token: Session has expired on Sunday, 06-Dec-26 10:00:00 PST.',
    type: 'OAuthException',
    code: 190,
    error_subcode: 463,
    fbtrace_id: 'AbCdEfSpend',
  },
};
export const META_THROTTLED_ANSWER = {
  error: {
    message: '(#17) User request limit reached',
    type: 'OAuthException',
    code: 17,
    error_subcode: 2446079,
    fbtrace_id: 'AbCdEfLimit',
  },
};
// PropellerAds' SSP API v5 (https://ssp-api.propellerads.com/v5/docs/) answers 401 to a token it does
// not know and 429 past its call limit, with a `message`.
export const PROPELLER_UNAUTHORISED_ANSWER = { message: 'Unauthenticated.' };
export const PROPELLER_THROTTLED_ANSWER = { message: 'Too Many Attempts.' };

type Answer = (status: number, value: unknown) => http.ServerResponse;

// Taboola's Backstage API (https://developers.taboola.com/backstage-api/reference/authentication-basics):
// the token endpoint answers an OAuth2 error to wrong credentials; the API answers 401 to an invalid or
// expired access token and `{http_status, message}` to other refusals.
export const TABOOLA_BAD_CLIENT_ANSWER = {
  error: 'invalid_client',
  error_description: 'Bad client credentials',
};
export const TABOOLA_THROTTLED_ANSWER = { http_status: 429, message: 'Too many requests' };

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

/** Rows per page of Meta's answers: small, so a sync has to follow paging.next. */
const META_PAGE_SIZE = 1;

export async function fakeSpendSources(): Promise<FakeSpendSources> {
  const state: FakeSpendSources = {
    url: '',
    meta: new Map(),
    metaCurrency: 'USD',
    propeller: new Map(),
    googleAds: new Map(),
    googleCurrency: 'USD',
    tiktok: new Map(),
    tiktokCurrency: 'USD',
    taboola: new Map(),
    taboolaCurrency: 'USD',
    taboolaExpired: new Set(),
    calls: [],
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      const isJson = String(request.headers['content-type'] ?? '').startsWith('application/json');
      const body = text && isJson ? (JSON.parse(text) as Record<string, unknown>) : null;
      const authorization = String(request.headers.authorization ?? '');
      state.calls.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        body,
        text,
        authorization,
        headers: request.headers,
      });
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (url.pathname.startsWith('/v25.0/')) return meta(url, json);
      if (url.pathname.startsWith('/backstage/'))
        return taboola(request.method ?? '', url, text, authorization, json);
      if (url.pathname.startsWith('/v5/'))
        return propeller(request.method ?? '', url, body, authorization, json);
      if (url.pathname === '/google/token') return googleToken(text, json);
      if (url.pathname.startsWith('/googleads/v26/')) return googleAds(url, body, request.headers, json);
      if (url.pathname.startsWith('/open_api/v1.3/')) return tiktok(url, request.headers, json);
      return json(404, { message: 'Unknown path' });
    });
  });

  function meta(url: URL, json: Answer): http.ServerResponse {
    const token = url.searchParams.get('access_token');
    if (token === META_EXPIRED_TOKEN) return json(400, META_EXPIRED_ANSWER);
    if (token === META_THROTTLED_TOKEN) return json(400, META_THROTTLED_ANSWER);
    if (token !== META_GOOD_TOKEN) {
      return json(400, {
        error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 },
      });
    }
    const match = /^\/v25\.0\/act_(\d+)\/(insights|campaigns)$/.exec(url.pathname);
    if (!match)
      return json(400, { error: { message: 'Unknown path components', type: 'OAuthException', code: 2500 } });
    const campaigns = state.meta.get(match[1] ?? '') ?? new Map<string, Map<string, string>>();
    const after = Number(url.searchParams.get('after') ?? '0');
    if (match[2] === 'campaigns') {
      // https://developers.facebook.com/docs/marketing-api/reference/ad-account/campaigns/
      return json(200, {
        data: [...campaigns.keys()].map((id) => ({ id, name: `Campaign ${id}` })),
        paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
      });
    }
    // https://developers.facebook.com/docs/marketing-api/insights/ : level=campaign with
    // time_increment=1 answers a row per campaign and day, spend as a string in the account's currency.
    if (url.searchParams.get('level') !== 'campaign' || url.searchParams.get('time_increment') !== '1') {
      return json(400, { error: { message: 'Expected level=campaign and time_increment=1', code: 100 } });
    }
    const range = JSON.parse(url.searchParams.get('time_range') ?? '{}') as { since: string; until: string };
    const filtering = JSON.parse(url.searchParams.get('filtering') ?? '[]') as {
      field: string;
      operator: string;
      value: string[];
    }[];
    const wanted =
      filtering.find((one) => one.field === 'campaign.id' && one.operator === 'IN')?.value ?? null;
    const rows: Record<string, unknown>[] = [];
    for (const [campaignId, days] of campaigns) {
      if (wanted && !wanted.includes(campaignId)) continue;
      for (const [day, spend] of [...days].sort()) {
        if (day < range.since || day > range.until) continue;
        rows.push({
          campaign_id: campaignId,
          spend,
          account_currency: state.metaCurrency,
          date_start: day,
          date_stop: day,
        });
      }
    }
    const page = rows.slice(after, after + META_PAGE_SIZE);
    const paging: Record<string, unknown> = { cursors: { before: String(after), after: String(after + 1) } };
    if (after + META_PAGE_SIZE < rows.length) {
      const next = new URL(url.href.replace('http://fake', state.url));
      next.searchParams.set('after', String(after + META_PAGE_SIZE));
      paging.next = next.href;
    }
    return json(200, { data: page, paging });
  }

  function propeller(
    method: string,
    url: URL,
    body: Record<string, unknown> | null,
    authorization: string,
    json: Answer,
  ): http.ServerResponse {
    if (authorization === `Bearer ${PROPELLER_THROTTLED_TOKEN}`) return json(429, PROPELLER_THROTTLED_ANSWER);
    if (authorization !== `Bearer ${PROPELLER_GOOD_TOKEN}`) return json(401, PROPELLER_UNAUTHORISED_ANSWER);
    if (method === 'GET' && url.pathname === '/v5/adv/balance') return json(200, '2266.71');
    if (method === 'GET' && url.pathname === '/v5/adv/campaigns') {
      return json(200, {
        result: [...state.propeller.keys()].map((id) => ({ id, name: `Push ${id}`, status: 6 })),
      });
    }
    if (method === 'POST' && url.pathname === '/v5/adv/statistics' && body) {
      const groupBy = body.group_by as string[];
      const from = String(body.day_from).slice(0, 10);
      const to = String(body.day_to).slice(0, 10);
      const rows: Record<string, unknown>[] = [];
      for (const campaignId of body.campaign_id as number[]) {
        for (const [day, zones] of state.propeller.get(campaignId) ??
          new Map<string, Map<number, number>>()) {
          if (day < from || day > to) continue;
          if (groupBy.includes('zone_id')) {
            for (const [zone, spent] of zones) rows.push({ date_time: day, zone_id: zone, spent });
          } else {
            const spent = [...zones.values()].reduce((sum, one) => sum + one, 0);
            rows.push({ date_time: day, spent });
          }
        }
      }
      return json(200, rows);
    }
    return json(404, { message: 'Not Found' });
  }

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

  let issued = 0;
  function taboola(
    method: string,
    url: URL,
    text: string,
    authorization: string,
    json: Answer,
  ): http.ServerResponse {
    if (method === 'POST' && url.pathname === '/backstage/oauth/token') {
      const form = new URLSearchParams(text);
      const credentials = `${form.get('client_id')}:${form.get('client_secret')}`;
      if (form.get('grant_type') !== 'client_credentials')
        return json(400, { error: 'unsupported_grant_type' });
      if (credentials === TABOOLA_THROTTLED_CREDENTIALS) {
        issued += 1;
        return json(200, { access_token: `throttled-${issued}`, token_type: 'bearer', expires_in: 43200 });
      }
      if (credentials !== TABOOLA_GOOD_CREDENTIALS) return json(401, TABOOLA_BAD_CLIENT_ANSWER);
      issued += 1;
      return json(200, { access_token: `access-${issued}`, token_type: 'bearer', expires_in: 43200 });
    }
    const token = authorization.replace(/^Bearer /, '');
    if (token.startsWith('throttled-')) return json(429, TABOOLA_THROTTLED_ANSWER);
    if (!token.startsWith('access-') || state.taboolaExpired.has(token)) {
      return json(401, { http_status: 401, message: 'Invalid or expired access token' });
    }
    const match =
      /^\/backstage\/api\/1\.0\/([A-Za-z0-9_-]+)\/(campaigns\/|reports\/campaign-summary\/dimensions\/(day|campaign_site_day_breakdown))$/.exec(
        url.pathname,
      );
    if (method !== 'GET' || !match) return json(404, { http_status: 404, message: 'Not found' });
    const campaigns =
      state.taboola.get(match[1] ?? '') ?? new Map<string, Map<string, Map<string, number>>>();
    if (match[2] === 'campaigns/') {
      return json(200, { results: [...campaigns.keys()].map((id) => ({ id, name: `Native ${id}` })) });
    }
    const from = url.searchParams.get('start_date') ?? '';
    const to = url.searchParams.get('end_date') ?? '';
    const days =
      campaigns.get(url.searchParams.get('campaign') ?? '') ?? new Map<string, Map<string, number>>();
    const results: Record<string, unknown>[] = [];
    for (const [day, sites] of [...days].sort()) {
      if (day < from || day > to) continue;
      const date = `${day} 00:00:00.0`;
      if (match[3] === 'day') {
        const spent = [...sites.values()].reduce((sum, one) => sum + one, 0);
        results.push({ date, date_end_period: date, clicks: 0, spent, currency: state.taboolaCurrency });
      } else {
        for (const [site, spent] of sites) {
          results.push({
            date,
            site,
            site_name: site,
            site_id: 1000 + site.length,
            spent,
            currency: state.taboolaCurrency,
          });
        }
      }
    }
    return json(200, {
      results,
      recordCount: results.length,
      metadata: { total: results.length, count: results.length },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}
