import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Answer, FakeSpendSources } from './fakeSpendState.ts';
import { googleAdsFake } from './googleAdsSource.ts';
import { mgidFake } from './mgidSource.ts';
import { tiktokFake } from './tiktokSource.ts';

// Fakes of the traffic sources cost sync pulls spend from, on a real local port, answering in the formats
// their public documentation gives (each answer below names its page). One server plays them all: Meta's
// Graph API under /v25.0, PropellerAds' SSP API under /v5, Taboola under /backstage, the Google Ads API
// under /googleads/v26 with Google's OAuth token endpoint at /google/token, TikTok's Business API under
// /open_api/v1.3 and MGID's REST API under /mgid/v1 (googleAdsSource.ts, tiktokSource.ts and
// mgidSource.ts answer for those three). Spend is kept per day (and zone) and the answers are built from
// it the way the sources build theirs.

export type { FakeSpendSources, SpendCall } from './fakeSpendState.ts';

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

// Taboola's Backstage API (https://developers.taboola.com/backstage-api/reference/authentication-basics):
// the token endpoint answers an OAuth2 error to wrong credentials; the API answers 401 to an invalid or
// expired access token and `{http_status, message}` to other refusals.
export const TABOOLA_BAD_CLIENT_ANSWER = {
  error: 'invalid_client',
  error_description: 'Bad client credentials',
};
export const TABOOLA_THROTTLED_ANSWER = { http_status: 429, message: 'Too many requests' };

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
    mgid: new Map(),
    mgidCurrency: 'USD',
    calls: [],
    close: async () => {},
  };
  const { googleToken, googleAds } = googleAdsFake(state);
  const tiktok = tiktokFake(state);
  const mgid = mgidFake(state);
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
      if (url.pathname.startsWith('/mgid/v1/')) return mgid(request.method ?? '', url, authorization, json);
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
