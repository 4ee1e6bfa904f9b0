import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakePlatform,
  fakePlatform,
  type PlatformAnswer,
} from '../../test-support/platforms/fakePlatform.ts';
import {
  GOOGLE_INVALID_GRANT,
  GOOGLE_PARTIAL_FAILURE,
  GOOGLE_RESOURCE_EXHAUSTED,
  GOOGLE_UNAUTHENTICATED,
  googleAccessibleCustomers,
  googleAccessToken,
  googleAdjusted,
  googleUploaded,
  META_EVENTS_RECEIVED,
  META_INVALID_PARAMETER,
  metaRateLimited,
  TIKTOK_INVALID_PARAMETER,
  TIKTOK_OK,
  TIKTOK_TOKEN_EXPIRED,
  TIKTOK_TOO_MANY_REQUESTS,
  tiktokUser,
} from '../../test-support/platforms/platformFixtures.ts';
import { OutboundGuard } from '../outbound/guard.ts';
import type { ConversionEvent, PlatformHttp } from './adapter.ts';
import { googleAdsAdapter, googleDateTime } from './google.ts';
import { metaAdapter } from './meta.ts';
import { tiktokAdapter } from './tiktok.ts';

// Each adapter against a fake of its platform on a real port, answering with the documented answers in
// test-support/platforms/platformFixtures.ts: what goes out, and how each error answer comes back.

const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const outbound = new OutboundGuard({ privateDestinations: ['127.0.0.1/32'] });

const sale: ConversionEvent = {
  kind: 'conversion',
  eventName: 'CompletePayment',
  eventId: 'click-9.1',
  saleEventId: 'click-9.1',
  eventTime: Date.parse('2026-12-07T10:11:12.345Z'),
  valueMicros: 19_990_000,
  currency: 'EUR',
  click: {
    clickId: 'click-9',
    clickTime: Date.parse('2026-12-07T09:00:00Z'),
    ip: '212.27.48.10',
    userAgent: 'Mozilla/5.0 (iPhone)',
    country: 'FR',
    platformClickIds: {},
  },
};
const refund: ConversionEvent = {
  ...sale,
  kind: 'refund',
  eventId: 'click-9.1.refund',
  valueMicros: -19_990_000,
};

let platform: FakePlatform;
/** The answers the fake gives next, in order; each test sets its own. */
let answers: ((path: string) => PlatformAnswer | null)[] = [];
const httpOf = (): PlatformHttp => ({
  outbound,
  timeoutMs: 5_000,
  baseUrl: `${platform.url}/api`,
  oauthTokenUrl: `${platform.url}/token`,
});

beforeAll(async () => {
  platform = await fakePlatform((call) => {
    for (let i = 0; i < answers.length; i++) {
      const chosen = answers[i]?.(call.path);
      if (chosen) {
        answers.splice(i, 1);
        return chosen;
      }
    }
    return { status: 404, json: { error: { message: `no answer for ${call.path}` } } };
  });
});
afterAll(() => platform?.close());
beforeEach(() => {
  platform.calls.length = 0;
  answers = [];
});

const on = (path: string, status: number, json: unknown) => (called: string) =>
  called.endsWith(path) ? { status, json } : null;

describe("Meta's error answers", () => {
  it.each([4, 17, 32, 613] as const)(
    'reports rate limit code %i in Meta words, not delivered',
    async (code) => {
      answers = [on('/events', 400, metaRateLimited(code))];
      const request = metaAdapter.conversionRequest(`${platform.url}/api`, { pixelId: '1234567' }, sale);
      const answer = await metaAdapter.send(httpOf(), 'EAAToken0123456789abcdef', request);
      expect(answer.status).toBe(400);
      expect(answer.error).toContain(`(#${code})`);
    },
  );

  it("names the invalid parameter from Meta's user message, and delivers a 200", async () => {
    answers = [on('/events', 400, META_INVALID_PARAMETER), on('/events', 200, META_EVENTS_RECEIVED)];
    const request = metaAdapter.conversionRequest(`${platform.url}/api`, { pixelId: '1234567' }, sale);
    const refused = await metaAdapter.send(httpOf(), 'EAAToken0123456789abcdef', request);
    expect(refused.error).toBe(
      'Invalid parameter: The parameter currency is invalid: it must be a 3 letter ISO 4217 code.',
    );
    expect(await metaAdapter.send(httpOf(), 'EAAToken0123456789abcdef', request)).toEqual({
      status: 200,
      error: null,
    });
  });
});

describe('Google Ads click conversions', () => {
  const action = 'customers/1234567890/conversionActions/987654';
  const credentials = (refreshToken: string, loginCustomerId?: string) =>
    JSON.stringify({
      developerToken: 'DevToken0123456789',
      clientId: '123-abc.apps.googleusercontent.com',
      clientSecret: 'GOCSPX-secret0123',
      refreshToken,
      customerId: '1234567890',
      ...(loginCustomerId ? { loginCustomerId } : {}),
    });

  it("writes Google's date time in UTC with its offset", () => {
    expect(googleDateTime(Date.parse('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02 03:04:05+00:00');
  });

  it('uploads one click conversion with a fresh access token, keeping it for the next call', async () => {
    const refreshToken = `1//refresh-${crypto.randomUUID()}`;
    const withGclid: ConversionEvent = {
      ...sale,
      click: { ...sale.click, platformClickIds: { gbraid: 'GBRAID1', gclid: 'Cj0KCQ-gclid' } },
    };
    const request = googleAdsAdapter.conversionRequest(`${platform.url}/api`, { pixelId: action }, withGclid);
    expect(request.url).toBe(`${platform.url}/api/customers/1234567890:uploadClickConversions`);
    const conversion = {
      gclid: 'Cj0KCQ-gclid',
      conversionAction: action,
      conversionDateTime: '2026-12-07 10:11:12+00:00',
      conversionValue: 19.99,
      currencyCode: 'EUR',
      orderId: 'click-9.1',
    };
    expect(JSON.parse(request.body)).toEqual({ conversions: [conversion], partialFailure: true });
    answers = [
      on('/token', 200, googleAccessToken('ya29.first')),
      on(':uploadClickConversions', 200, googleUploaded(conversion)),
      on(':uploadClickConversions', 200, googleUploaded(conversion)),
    ];
    const http = httpOf();
    expect(await googleAdsAdapter.send(http, credentials(refreshToken, '111-222-3333'), request)).toEqual({
      status: 200,
      error: null,
    });
    expect(await googleAdsAdapter.send(http, credentials(refreshToken, '111-222-3333'), request)).toEqual({
      status: 200,
      error: null,
    });
    const [token, first, second] = platform.calls;
    expect(platform.calls).toHaveLength(3);
    expect(token?.body).toEqual({
      grant_type: 'refresh_token',
      client_id: '123-abc.apps.googleusercontent.com',
      client_secret: 'GOCSPX-secret0123',
      refresh_token: refreshToken,
    });
    for (const call of [first, second]) {
      expect(call?.headers.authorization).toBe('Bearer ya29.first');
      expect(call?.headers['developer-token']).toBe('DevToken0123456789');
      expect(call?.headers['login-customer-id']).toBe('1112223333');
    }
  });

  it('takes gbraid or wbraid when the click had no gclid', () => {
    const body = (ids: Record<string, string>) =>
      JSON.parse(
        googleAdsAdapter.conversionRequest(
          'https://x',
          { pixelId: action },
          {
            ...sale,
            click: { ...sale.click, platformClickIds: ids },
          },
        ).body,
      ) as { conversions: Record<string, unknown>[] };
    expect(body({ wbraid: 'W1' }).conversions[0]).toMatchObject({ wbraid: 'W1' });
    expect(body({ gbraid: 'G1', wbraid: 'W1' }).conversions[0]).not.toHaveProperty('wbraid');
  });

  it('fetches a new access token once when Google says the one held expired', async () => {
    const refreshToken = `1//refresh-${crypto.randomUUID()}`;
    const request = googleAdsAdapter.conversionRequest(`${platform.url}/api`, { pixelId: action }, sale);
    answers = [
      on('/token', 200, googleAccessToken('ya29.old')),
      on(':uploadClickConversions', 401, GOOGLE_UNAUTHENTICATED),
      on('/token', 200, googleAccessToken('ya29.new')),
      on(':uploadClickConversions', 200, { results: [{}] }),
    ];
    expect(await googleAdsAdapter.send(httpOf(), credentials(refreshToken), request)).toEqual({
      status: 200,
      error: null,
    });
    expect(platform.calls.map((call) => call.headers.authorization ?? 'token')).toEqual([
      'token',
      'Bearer ya29.old',
      'token',
      'Bearer ya29.new',
    ]);
  });

  it('treats a partial failure in a 200 as a failure in Google words, and reports rate limits', async () => {
    const refreshToken = `1//refresh-${crypto.randomUUID()}`;
    const request = googleAdsAdapter.conversionRequest(`${platform.url}/api`, { pixelId: action }, sale);
    answers = [
      on('/token', 200, googleAccessToken('ya29.x')),
      on(':uploadClickConversions', 200, GOOGLE_PARTIAL_FAILURE),
      on(':uploadClickConversions', 429, GOOGLE_RESOURCE_EXHAUSTED),
    ];
    const partial = await googleAdsAdapter.send(httpOf(), credentials(refreshToken), request);
    expect(partial.status).toBe(200);
    expect(partial.error).toMatch(/^partial failure: The click associated .* at conversions\[0\]\.gclid$/);
    expect(await googleAdsAdapter.send(httpOf(), credentials(refreshToken), request)).toEqual({
      status: 429,
      error: 'Resource has been exhausted (e.g. check quota).: Too many requests. Retry in 30 seconds.',
    });
  });

  it('retracts a sale by its order id', async () => {
    const request = googleAdsAdapter.conversionRequest(`${platform.url}/api`, { pixelId: action }, refund);
    expect(request.url).toBe(`${platform.url}/api/customers/1234567890:uploadConversionAdjustments`);
    const adjustment = {
      conversionAction: action,
      adjustmentType: 'RETRACTION',
      adjustmentDateTime: '2026-12-07 10:11:12+00:00',
      orderId: 'click-9.1',
    };
    expect(JSON.parse(request.body)).toEqual({ conversionAdjustments: [adjustment], partialFailure: true });
    answers = [
      on('/token', 200, googleAccessToken('ya29.y')),
      on(':uploadConversionAdjustments', 200, googleAdjusted(adjustment)),
    ];
    const refreshToken = `1//refresh-${crypto.randomUUID()}`;
    expect(await googleAdsAdapter.send(httpOf(), credentials(refreshToken), request)).toEqual({
      status: 200,
      error: null,
    });
  });

  it('checks the connection, and says when the refresh token was revoked', async () => {
    answers = [
      on('/token', 200, googleAccessToken('ya29.z')),
      on('/customers:listAccessibleCustomers', 200, googleAccessibleCustomers('1234567890', '5550001111')),
    ];
    expect(
      await googleAdsAdapter.checkConnection(httpOf(), credentials(`1//refresh-${crypto.randomUUID()}`)),
    ).toEqual({ ok: true, identity: 'customers/1234567890', error: null, tokenExpired: false });
    expect(platform.calls[1]?.method).toBe('GET');
    answers = [on('/token', 400, GOOGLE_INVALID_GRANT)];
    const revoked = `1//refresh-${crypto.randomUUID()}`;
    expect(await googleAdsAdapter.checkConnection(httpOf(), credentials(revoked))).toEqual({
      ok: false,
      identity: null,
      error: 'OAuth token refresh failed, invalid_grant: Token has been expired or revoked.',
      tokenExpired: true,
    });
    answers = [on('/token', 400, GOOGLE_INVALID_GRANT)];
    const request = googleAdsAdapter.conversionRequest(`${platform.url}/api`, { pixelId: action }, sale);
    const sent = await googleAdsAdapter.send(httpOf(), credentials(revoked), request);
    expect(sent).toEqual({ status: 400, error: expect.stringContaining('invalid_grant') });
  });
});

describe("TikTok's Events API", () => {
  const token = 'tiktok-access-token-0123456789';
  const withTtclid: ConversionEvent = {
    ...sale,
    click: { ...sale.click, platformClickIds: { ttclid: 'E.C.P.ttclid1' } },
  };

  it('sends one web event with ttclid, IP and user agent as they are and the external id hashed', async () => {
    const request = tiktokAdapter.conversionRequest(
      `${platform.url}/api`,
      { pixelId: 'CABCDE1234567890' },
      withTtclid,
    );
    expect(request.url).toBe(`${platform.url}/api/event/track/`);
    expect(JSON.parse(request.body)).toEqual({
      event_source: 'web',
      event_source_id: 'CABCDE1234567890',
      data: [
        {
          event: 'CompletePayment',
          event_time: Math.floor(Date.parse('2026-12-07T10:11:12Z') / 1000),
          event_id: 'click-9.1',
          user: {
            ttclid: 'E.C.P.ttclid1',
            external_id: sha('click-9'),
            ip: '212.27.48.10',
            user_agent: 'Mozilla/5.0 (iPhone)',
          },
          properties: { value: 19.99, currency: 'EUR' },
        },
      ],
    });
    answers = [on('/event/track/', 200, TIKTOK_OK)];
    expect(await tiktokAdapter.send(httpOf(), token, request)).toEqual({ status: 200, error: null });
    expect(platform.calls[0]?.headers['access-token']).toBe(token);
    expect(tiktokAdapter.sendsRefunds).toBe(false);
  });

  it('treats a non-zero code in a 200 as a failure in TikTok words', async () => {
    const request = tiktokAdapter.conversionRequest(
      `${platform.url}/api`,
      { pixelId: 'CABCDE1234567890' },
      sale,
    );
    answers = [
      on('/event/track/', 200, TIKTOK_TOKEN_EXPIRED),
      on('/event/track/', 200, TIKTOK_TOO_MANY_REQUESTS),
      on('/event/track/', 200, TIKTOK_INVALID_PARAMETER),
    ];
    expect(await tiktokAdapter.send(httpOf(), token, request)).toEqual({
      status: 200,
      error: '40105: Access token is incorrect or has been revoked.',
    });
    expect((await tiktokAdapter.send(httpOf(), token, request)).error).toMatch(/^40100: Too many requests/);
    expect((await tiktokAdapter.send(httpOf(), token, request)).error).toMatch(/^40002: .*currency/);
  });

  it('checks the connection with the token, and says when it expired', async () => {
    answers = [on('/user/info/', 200, tiktokUser('Ada Buyer'))];
    expect(await tiktokAdapter.checkConnection(httpOf(), token)).toEqual({
      ok: true,
      identity: 'Ada Buyer',
      error: null,
      tokenExpired: false,
    });
    answers = [on('/user/info/', 200, TIKTOK_TOKEN_EXPIRED)];
    expect(await tiktokAdapter.checkConnection(httpOf(), token)).toMatchObject({
      ok: false,
      tokenExpired: true,
      error: '40105: Access token is incorrect or has been revoked.',
    });
  });
});
