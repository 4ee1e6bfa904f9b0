import crypto from 'node:crypto';
import {
  type ConversionOut,
  INTEGRATION_PATHS,
  type IntegrationAccount,
  type IntegrationCheck,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, signedInAdmin } from '../../test-support/entities.ts';
import {
  type FakePlatform,
  fakePlatform,
  type PlatformCall,
} from '../../test-support/platforms/fakePlatform.ts';
import {
  GOOGLE_PARTIAL_FAILURE,
  googleAccessibleCustomers,
  googleAccessToken,
  TIKTOK_OK,
  TIKTOK_TOKEN_EXPIRED,
  tiktokUser,
} from '../../test-support/platforms/platformFixtures.ts';
import { ConversionKit } from '../../test-support/postbacks.ts';
import type { TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// Conversions out to Google Ads and TikTok end to end: a real server whose operator allowed 127.0.0.1,
// a click carrying the platform's click id, a postback, the outbox run, and a fake of each platform on a
// real port answering as documented (test-support/platforms/platformFixtures.ts). A chargeback afterwards
// retracts the Google conversion once; TikTok, which documents no refund, hears nothing more.

const ACTION = 'customers/1234567890/conversionActions/555000111';
const PIXEL_CODE = 'CTESTPIXEL1234567890';
const TIKTOK_TOKEN = 'tiktok-token-0123456789abcdef';
const TIKTOK_EXPIRED_TOKEN = 'tiktok-expired-0123456789abcdef';
const GOOGLE = {
  developerToken: 'DevToken-0123456789',
  clientId: '42-cairn.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-cairnsecret01',
  refreshToken: `1//refresh-${crypto.randomUUID()}`,
  customerId: '123-456-7890',
};

let fake: FakePlatform;
/** Answers the fake gives the next upload calls, in order; a success after they run out. */
let uploads: { status: number; json: unknown }[] = [];
let cairn: RunningCairn;
let admin: TestBrowser;
let kit: ConversionKit;

function answer(call: PlatformCall): { status: number; json: unknown } {
  if (call.path === '/token') return { status: 200, json: googleAccessToken(`ya29.${crypto.randomUUID()}`) };
  if (call.path === '/google/v26/customers:listAccessibleCustomers') {
    return { status: 200, json: googleAccessibleCustomers('1234567890') };
  }
  if (call.path.startsWith('/google/v26/customers/1234567890:upload')) {
    return uploads.shift() ?? { status: 200, json: { results: [{}], jobId: '1' } };
  }
  if (call.path === '/tiktok/open_api/v1.3/user/info/') {
    return call.headers['access-token'] === TIKTOK_TOKEN
      ? { status: 200, json: tiktokUser('Ada Buyer') }
      : { status: 200, json: TIKTOK_TOKEN_EXPIRED };
  }
  if (call.path === '/tiktok/open_api/v1.3/event/track/')
    return uploads.shift() ?? { status: 200, json: TIKTOK_OK };
  return { status: 404, json: { error: { message: `unknown path ${call.path}` } } };
}

beforeAll(async () => {
  fake = await fakePlatform(answer);
  ({ cairn, browser: admin } = await signedInAdmin({
    trustProxy: true,
    privateDestinations: ['127.0.0.1'],
    googleAdsApiUrl: `${fake.url}/google/v26`,
    googleOAuthTokenUrl: `${fake.url}/token`,
    tiktokApiUrl: `${fake.url}/tiktok/open_api/v1.3`,
  }));
  kit = new ConversionKit(cairn, admin);
});
afterAll(async () => {
  await cairn?.close();
  await fake?.close();
});

const checkPath = (id: number) => INTEGRATION_PATHS.check.replace(':id', String(id));
const outPath = (sourceId: number) =>
  INTEGRATION_PATHS.conversionOut.replace(':trafficSourceId', String(sourceId));
const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

async function account(body: Record<string, unknown>): Promise<IntegrationAccount> {
  const made = await admin.post(INTEGRATION_PATHS.accounts, body);
  expect(made.status, made.text).toBe(201);
  return made.json<IntegrationAccount>();
}

/** Posts the conversion's postbacks and runs the outbox until what is due has been sent. */
async function postbacks(clickId: string, ...queries: string[]): Promise<void> {
  for (const query of queries) {
    expect((await kit.postback(`/postback?clickid=${clickId}${query}`)).status).toBe(200);
  }
  await cairn.tracking.conversions.writer.idle();
  await cairn.tracking.conversions.outbox.runOnce();
}

const outboxOf = (clickId: string) =>
  cairn.store.query('SELECT state, last_status, last_error FROM s2s_outbox WHERE click_id = $1 ORDER BY id', [
    clickId,
  ]);

describe('Google Ads accounts', () => {
  it('stores the credentials sealed, never answers them, and checks the connection', async () => {
    const made = await account({ platform: 'google_ads', name: 'Search', googleAds: GOOGLE });
    expect(made).toMatchObject({ platform: 'google_ads', hasAccessToken: true, checkState: 'unchecked' });
    const [row] = await cairn.store.query('SELECT sealed_token FROM integration_accounts WHERE id = $1', [
      made.id,
    ]);
    const listed = await admin.get(INTEGRATION_PATHS.accounts);
    for (const text of [String(row?.sealed_token), listed.text, JSON.stringify(made)]) {
      for (const secret of [GOOGLE.refreshToken, GOOGLE.clientSecret, GOOGLE.developerToken]) {
        expect(text).not.toContain(secret);
      }
    }
    const check = await admin.post(checkPath(made.id), {});
    expect(check.json<IntegrationCheck>()).toMatchObject({ ok: true, identity: 'customers/1234567890' });
    // New credentials replace the sealed ones and reset the check; an access token is not Google's kind.
    const accountPath = INTEGRATION_PATHS.account.replace(':id', String(made.id));
    const wrong = await admin.put(accountPath, { name: 'Search', accessToken: 'x'.repeat(30) });
    expect(wrong.status).toBe(400);
    expect(errorFields(wrong)).toEqual(['accessToken']);
    const replaced = await admin.put(accountPath, {
      name: 'Search',
      googleAds: { ...GOOGLE, customerId: '5550001111' },
    });
    expect(replaced.json<IntegrationAccount>()).toMatchObject({ checkState: 'unchecked' });
    const [after] = await cairn.store.query('SELECT sealed_token FROM integration_accounts WHERE id = $1', [
      made.id,
    ]);
    expect(after?.sealed_token).not.toBe(row?.sealed_token);
    // The customer the new credentials name is not among those Google lists for them.
    const recheck = await admin.post(checkPath(made.id), {});
    expect(recheck.json<IntegrationCheck>()).toMatchObject({
      ok: false,
      tokenExpired: false,
      error: expect.stringContaining('customers/5550001111 is not among the customers'),
    });
  });

  it('refuses missing or malformed credentials and destinations field by field', async () => {
    const missing = await admin.post(INTEGRATION_PATHS.accounts, { platform: 'google_ads', name: 'x' });
    expect(missing.status).toBe(400);
    expect(errorFields(missing)).toEqual(['googleAds']);
    const bad = await admin.post(INTEGRATION_PATHS.accounts, {
      platform: 'google_ads',
      name: 'x',
      googleAds: { ...GOOGLE, clientId: 'nope', customerId: '12345' },
    });
    expect(errorFields(bad).sort()).toEqual(['googleAds.clientId', 'googleAds.customerId']);
    const made = await account({ platform: 'google_ads', name: 'Dest', googleAds: GOOGLE });
    const source = await kit.sources.make({ name: `g-${Math.random()}` });
    const wrong = await admin.put(outPath(source.id), { accountId: made.id, pixelId: '1234567' });
    expect(wrong.status).toBe(400);
    expect(errorFields(wrong)).toEqual(['pixelId']);
    expect(wrong.text).toContain('conversionActions');
    const tiktokMissing = await admin.post(INTEGRATION_PATHS.accounts, { platform: 'tiktok', name: 'x' });
    expect(errorFields(tiktokMissing)).toEqual(['accessToken']);
  });
});

describe('conversions out to Google Ads', () => {
  /** A campaign whose source sends its conversions to a Google Ads account of its own. */
  async function googleCampaign(refreshToken: string) {
    const made = await account({
      platform: 'google_ads',
      name: `Uploads ${refreshToken.slice(-6)}`,
      googleAds: { ...GOOGLE, refreshToken },
    });
    const source = await kit.sources.make({
      name: `g-${Math.random()}`,
      externalId: { parameter: 'gclid', placeholder: '' },
      tokens: [{ parameter: 'gbraid' }, { parameter: 'wbraid' }],
    });
    const set = await admin.put(outPath(source.id), { accountId: made.id, pixelId: ACTION });
    expect(set.json<ConversionOut>()).toMatchObject({ platform: 'google_ads', pixelId: ACTION });
    return kit.campaign({ offer: { payoutAuto: true }, campaign: { trafficSourceId: source.id } });
  }

  it('uploads one click conversion with the gclid, retries a partial failure, and retracts once', async () => {
    // A refresh token of its own, so no access token is held for it yet.
    const refreshToken = `1//refresh-${crypto.randomUUID()}`;
    const campaign = await googleCampaign(refreshToken);
    const clickId = await kit.click(campaign, 'gclid=Cj0KCQiA-test_gclid');
    fake.calls.length = 0;
    uploads = [{ status: 200, json: GOOGLE_PARTIAL_FAILURE }];
    await postbacks(clickId, '&payout=42.5');
    // The partial failure came in a 200: the event is kept for a retry, with Google's message.
    const [pending] = await outboxOf(clickId);
    expect(pending).toMatchObject({ state: 'pending', last_status: 200 });
    expect(String(pending?.last_error)).toContain('less than 6 hours ago');
    await cairn.store.execute(
      "UPDATE s2s_outbox SET next_attempt_at = CAST('2000-01-01' AS TIMESTAMPTZ) WHERE click_id = $1",
      [clickId],
    );
    await cairn.tracking.conversions.outbox.runOnce();
    await cairn.tracking.conversions.outbox.runOnce();
    expect(await outboxOf(clickId)).toEqual([{ state: 'delivered', last_status: 200, last_error: null }]);
    const sent = fake.calls.filter((call) => call.path.endsWith(':uploadClickConversions'));
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toEqual(sent[1]?.body);
    expect(sent[1]?.headers['developer-token']).toBe(GOOGLE.developerToken);
    expect(sent[1]?.headers.authorization).toMatch(/^Bearer ya29\./);
    expect(sent[1]?.body).toEqual({
      conversions: [
        {
          gclid: 'Cj0KCQiA-test_gclid',
          conversionAction: ACTION,
          conversionDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
          conversionValue: 42.5,
          currencyCode: 'USD',
          orderId: `${clickId}.1`,
        },
      ],
      partialFailure: true,
    });
    // The refresh token was exchanged once: the access token is kept between uploads.
    const exchanges = fake.calls.filter((call) => call.path === '/token');
    expect(exchanges.map((call) => call.body?.refresh_token)).toEqual([refreshToken]);
    // A click that came without a Google click id has nothing Google could match: nothing is queued.
    const plain = await kit.click(campaign, 'utm_source=google');
    await postbacks(plain, '&payout=3');
    expect(await kit.conversions(plain)).toHaveLength(1);
    expect(await outboxOf(plain)).toEqual([]);

    fake.calls.length = 0;
    await postbacks(clickId, '&status=chargeback', '&status=approved', '&status=chargeback');
    const retractions = fake.calls.filter((call) => call.path.endsWith(':uploadConversionAdjustments'));
    expect(retractions).toHaveLength(1);
    expect(retractions[0]?.body).toEqual({
      conversionAdjustments: [
        {
          conversionAction: ACTION,
          adjustmentType: 'RETRACTION',
          adjustmentDateTime: expect.stringMatching(/\+00:00$/),
          orderId: `${clickId}.1`,
        },
      ],
      partialFailure: true,
    });
    expect(fake.calls.filter((call) => call.path.endsWith(':uploadClickConversions'))).toEqual([]);
  });

  it("restates a sale's value once per change (a partial refund), and not after a retraction", async () => {
    const campaign = await googleCampaign(`1//refresh-${crypto.randomUUID()}`);
    const clickId = await kit.click(campaign, 'gbraid=0AAAAA-test_gbraid');
    fake.calls.length = 0;
    await postbacks(clickId, '&payout=100&txid=T1');
    // The same postback again changes nothing, so nothing more goes out.
    await postbacks(clickId, '&payout=70&txid=T1', '&payout=70&txid=T1');
    await postbacks(clickId, '&payout=85.25&txid=T1');
    const adjustments = () =>
      fake.calls
        .filter((call) => call.path.endsWith(':uploadConversionAdjustments'))
        .map((call) => call.body as { conversionAdjustments: Record<string, unknown>[] });
    expect(fake.calls.filter((call) => call.path.endsWith(':uploadClickConversions'))).toHaveLength(1);
    const restated = adjustments().map((body) => body.conversionAdjustments[0]);
    expect(restated).toEqual(
      [70, 85.25].map((adjustedValue) => ({
        conversionAction: ACTION,
        adjustmentType: 'RESTATEMENT',
        adjustmentDateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/),
        orderId: `${clickId}.1`,
        restatementValue: { adjustedValue, currencyCode: 'USD' },
      })),
    );
    expect((await outboxOf(clickId)).map((row) => row.state)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);

    fake.calls.length = 0;
    await postbacks(clickId, '&payout=85.25&txid=T1&status=chargeback', '&payout=50&txid=T1&status=approved');
    expect(adjustments().map((body) => body.conversionAdjustments[0]?.adjustmentType)).toEqual([
      'RETRACTION',
    ]);
  });
});

describe('conversions out to TikTok', () => {
  it('checks the token, sends one event with the ttclid, and sends nothing for a chargeback', async () => {
    const good = await account({ platform: 'tiktok', name: 'Shorts', accessToken: TIKTOK_TOKEN });
    const expired = await account({ platform: 'tiktok', name: 'Old', accessToken: TIKTOK_EXPIRED_TOKEN });
    expect((await admin.post(checkPath(good.id), {})).json<IntegrationCheck>()).toMatchObject({
      ok: true,
      identity: 'Ada Buyer',
    });
    expect((await admin.post(checkPath(expired.id), {})).json<IntegrationCheck>()).toMatchObject({
      ok: false,
      tokenExpired: true,
      error: expect.stringContaining('40105'),
    });
    const source = await kit.sources.make({
      name: `tt-${Math.random()}`,
      tokens: [{ parameter: 'ttclid' }],
    });
    const set = await admin.put(outPath(source.id), { accountId: good.id, pixelId: PIXEL_CODE });
    expect(set.json<ConversionOut>()).toMatchObject({ platform: 'tiktok', eventName: 'CompletePayment' });
    const campaign = await kit.campaign({
      offer: { payoutAuto: true },
      campaign: { trafficSourceId: source.id },
    });
    const clickId = await kit.click(campaign, 'ttclid=E.C.P.v3ttclid');
    fake.calls.length = 0;
    await postbacks(clickId, '&payout=7.25');
    expect(await outboxOf(clickId)).toEqual([{ state: 'delivered', last_status: 200, last_error: null }]);
    const events = fake.calls.filter((call) => call.path.endsWith('/event/track/'));
    expect(events).toHaveLength(1);
    expect(events[0]?.headers['access-token']).toBe(TIKTOK_TOKEN);
    const body = events[0]?.body as { data: Record<string, unknown>[] };
    expect(body).toMatchObject({ event_source: 'web', event_source_id: PIXEL_CODE });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      event: 'CompletePayment',
      event_id: `${clickId}.1`,
      user: {
        ttclid: 'E.C.P.v3ttclid',
        external_id: sha(clickId),
        ip: '212.27.48.10',
        user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
      },
      properties: { value: 7.25, currency: 'USD' },
    });

    fake.calls.length = 0;
    await postbacks(clickId, '&status=chargeback');
    expect(fake.calls).toEqual([]);
    expect(await outboxOf(clickId)).toHaveLength(1);
  });

  it('keeps an event TikTok refused with a non-zero code in a 200, with its message', async () => {
    const made = await account({ platform: 'tiktok', name: 'Refused', accessToken: TIKTOK_TOKEN });
    const source = await kit.sources.make({ name: `tt-${Math.random()}`, tokens: [{ parameter: 'ttclid' }] });
    expect((await admin.put(outPath(source.id), { accountId: made.id, pixelId: PIXEL_CODE })).status).toBe(
      200,
    );
    const campaign = await kit.campaign({ campaign: { trafficSourceId: source.id } });
    const clickId = await kit.click(campaign, 'ttclid=E.C.P.refused');
    uploads = [{ status: 200, json: TIKTOK_TOKEN_EXPIRED }];
    await postbacks(clickId, '');
    const [row] = await outboxOf(clickId);
    expect(row).toMatchObject({ state: 'pending', last_status: 200 });
    expect(String(row?.last_error)).toContain('40105: Access token is incorrect');
  });
});
