import {
  CLICK_API_PATHS,
  type ClickApiResponse,
  type ClickApiSettings,
  type ClickApiTokenResponse,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, kindClient } from '../../test-support/entities.ts';
import { type ConversionKit, startConversionServer } from '../../test-support/postbacks.ts';
import { ADMIN_PASSWORD, Clock, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';

// The Click API on the real server: an admin makes a token, a lander's server asks /click/api where a
// visitor goes, and the click it records is a click like any other (stored with the visitor's facts and
// tokens, found by a postback, its lander click-through going to the offer).

let cairn: RunningCairn;
let kit: ConversionKit;
let admin: TestBrowser;
let direct: Awaited<ReturnType<ConversionKit['campaign']>>;
const clock = new Clock('2026-03-04T10:30:00.000Z');
const VISITOR = {
  ip: '81.2.69.142',
  ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148',
};

beforeAll(async () => {
  ({ cairn, kit } = await startConversionServer(clock));
  admin = new TestBrowser(cairn.url);
  expect((await admin.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  direct = await kit.campaign({ network: {} });
});
afterAll(async () => {
  await cairn.close();
});

async function clickApi(
  params: Record<string, string>,
  options: { method?: 'GET' | 'POST'; form?: boolean; header?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const method = options.method ?? 'GET';
  const query = new URLSearchParams(params).toString();
  const headers: Record<string, string> = options.header ? { 'x-click-api-token': options.header } : {};
  let body: string | undefined;
  if (method === 'POST') {
    headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
    body = options.form ? query : JSON.stringify(params);
  }
  const response = await fetch(`${cairn.url}/click/api${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers,
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const newToken = async () => {
  const made = await admin.post(CLICK_API_PATHS.token, {});
  expect(made.status, made.text).toBe(200);
  return made.json<ClickApiTokenResponse>().token;
};

describe('the Click API', () => {
  it('is off until an admin makes a token, which is shown once', async () => {
    const off = await clickApi({ key: direct.key, ip: VISITOR.ip });
    expect(off.status).toBe(401);
    expect((await admin.get(CLICK_API_PATHS.settings)).json<ClickApiSettings>()).toEqual({
      enabled: false,
      createdAt: null,
      path: '/click/api',
    });
    const token = await newToken();
    expect(token).toMatch(/^cairn_click_/);
    const settings = (await admin.get(CLICK_API_PATHS.settings)).json<ClickApiSettings>();
    expect(settings).toEqual({ enabled: true, createdAt: '2026-03-04T10:30:00.000Z', path: '/click/api' });
    expect(JSON.stringify(settings)).not.toContain(token);
    const stored = await cairn.store.query<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'click_api.token'",
    );
    expect(stored[0]?.value).not.toContain(token);
  });

  it('routes and records a click with the visitor facts given, which a postback then finds', async () => {
    const token = await newToken();
    const answer = await clickApi({
      token,
      key: direct.key,
      ip: VISITOR.ip,
      ua: VISITOR.ua,
      lang: 'de-DE,de;q=0.9',
      referrer: 'https://news.example/article',
      t1: 'zone-77',
    });
    expect(answer.status).toBe(200);
    const routed = answer.body as Extract<ClickApiResponse, { status: 'routed' }>;
    expect(routed).toMatchObject({
      status: 'routed',
      campaignId: direct.id,
      lander: null,
      offer: { id: direct.offerId, clickThroughUrl: null },
      unique: true,
      bot: false,
      redirectMode: 'http_302',
    });
    expect(routed.url).toBe(`https://offer.example/?c=${routed.clickId}`);
    expect(routed.offer.url).toBe(routed.url);
    await cairn.tracking.recorder.flushNow();
    const [stored] = await cairn.events.query(
      'SELECT ip, country, device_type, language, referrer_domain, t1 FROM events WHERE click_id = $1 AND kind = 1',
      [routed.clickId],
    );
    expect(stored).toEqual({
      ip: VISITOR.ip,
      country: 'GB',
      device_type: 'mobile',
      language: 'de-de',
      referrer_domain: 'news.example',
      t1: 'zone-77',
    });
    expect((await kit.postback(`/postback?clickid=${routed.clickId}`)).status).toBe(200);
    expect(await kit.sums(routed.clickId)).toMatchObject({ approved: 1 });
    // The cookies it answered with make the visitor's next click not unique.
    const cookies = routed.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    expect(cookies).not.toBe('');
    const again = await clickApi({ token, key: direct.key, ip: VISITOR.ip, ua: VISITOR.ua, cookies });
    expect(again.body).toMatchObject({ status: 'routed', unique: false });
  });

  it("names the lander and the offer behind it, and the lander's click-through goes there", async () => {
    const token = await newToken();
    const lander = await kindClient(admin, 'landing').make({
      name: 'Quiz lander',
      url: 'https://lp.example/quiz?c={clickid}',
    });
    const offer = await kindClient(admin, 'offer').make({
      name: 'Quiz offer',
      url: 'https://offer.example/quiz?c={clickid}',
    });
    const campaign = await kindClient(admin, 'campaign').make<{ key: string }>({
      name: 'With a lander',
      flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: offer.id }] }] },
    });
    await cairn.tracking.table.settled();
    const answer = await clickApi({ token, key: campaign.key, ip: VISITOR.ip }, { method: 'POST' });
    const routed = answer.body as Extract<ClickApiResponse, { status: 'routed' }>;
    expect(routed.lander).toEqual({
      id: lander.id,
      name: 'Quiz lander',
      url: `https://lp.example/quiz?c=${routed.clickId}`,
    });
    expect(routed.offer).toMatchObject({
      id: offer.id,
      name: 'Quiz offer',
      url: `https://offer.example/quiz?c=${routed.clickId}`,
    });
    const through = await fetch(routed.offer.clickThroughUrl ?? '', { redirect: 'manual' });
    expect(through.status).toBe(302);
    expect(through.headers.get('location')).toBe(`https://offer.example/quiz?c=${routed.clickId}`);
  });

  it('takes forms and the token header, and refuses what it cannot route by field', async () => {
    const token = await newToken();
    const form = await clickApi(
      { key: direct.key, ip: '2001:db8::7' },
      { method: 'POST', form: true, header: token },
    );
    expect(form.body).toMatchObject({ status: 'routed', campaignId: direct.id });
    for (const [params, fields] of [
      [{ key: direct.key }, ['ip']],
      [{ key: direct.key, ip: 'nobody' }, ['ip']],
      [{ ip: VISITOR.ip }, ['key']],
      [{ key: direct.key, ip: VISITOR.ip, lp: '1' }, ['lp']],
    ] as const) {
      const refused = await clickApi({ token, ...params });
      expect(refused.status, JSON.stringify(params)).toBe(400);
      expect(errorFields({ json: () => refused.body } as never)).toEqual(fields);
    }
    expect(await clickApi({ token, key: 'no-such-campaign', ip: VISITOR.ip })).toEqual({
      status: 200,
      body: { status: 'fallback', reason: expect.any(String), url: null },
    });
  });

  it('stops taking a token once another is made or the API is turned off, for admins alone', async () => {
    const first = await newToken();
    const second = await newToken();
    expect((await clickApi({ token: first, key: direct.key, ip: VISITOR.ip })).status).toBe(401);
    expect((await clickApi({ token: second, key: direct.key, ip: VISITOR.ip })).status).toBe(200);
    const off = await admin.call('DELETE', CLICK_API_PATHS.token);
    expect(off.json<ClickApiSettings>()).toMatchObject({ enabled: false });
    expect((await clickApi({ token: second, key: direct.key, ip: VISITOR.ip })).status).toBe(401);
    const password = 'Click api user pass 5512';
    await kindClient(admin, 'user').make({
      login: 'click-api-user',
      password,
      permissions: [{ kind: 'campaign', scope: 'all', access: 'write' }],
    });
    const plain = new TestBrowser(cairn.url);
    await plain.signIn('click-api-user', password);
    expect((await plain.post(CLICK_API_PATHS.token, {})).status).toBe(403);
    expect((await plain.get(CLICK_API_PATHS.settings)).status).toBe(403);
    const audit = await cairn.store.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'click_api%' ORDER BY id",
    );
    expect(audit.map((row) => row.action).at(-1)).toBe('click_api_turned_off');
  });
});

describe('direct tracking', () => {
  it('serves the script landers include, the same for every lander', async () => {
    const script = await fetch(`${cairn.url}/t.js?key=${direct.key}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const text = await script.text();
    expect(text).toContain("'/click/direct?'");
    expect(text).toContain("'cairn_cid_'");
    expect(() => new Function(text)).not.toThrow();
  });

  it("records a click from a lander's page, with its parameters and the ad's referrer, for any origin", async () => {
    const response = await fetch(
      `${cairn.url}/click/direct?key=${direct.key}&t1=ad-991&lp=1&referrer=${encodeURIComponent('https://m.facebook.com/')}`,
      {
        headers: {
          'user-agent': VISITOR.ua,
          'x-forwarded-for': VISITOR.ip,
          origin: 'https://lander.example',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const answer = (await response.json()) as { status: string; clickId: string; clickThroughUrl: string };
    expect(answer).toEqual({
      status: 'routed',
      clickId: expect.stringMatching(/^[0-9a-z]{23}$/),
      clickThroughUrl: `${cairn.url}/click?lp=1&clickid=${answer.clickId}`,
    });
    await cairn.tracking.recorder.flushNow();
    const [stored] = await cairn.events.query(
      'SELECT ip, device_type, referrer_domain, t1, campaign_id FROM events WHERE click_id = $1 AND kind = 1',
      [answer.clickId],
    );
    expect(stored).toEqual({
      ip: VISITOR.ip,
      device_type: 'mobile',
      referrer_domain: 'm.facebook.com',
      t1: 'ad-991',
      campaign_id: direct.id,
    });
    const through = await fetch(answer.clickThroughUrl, { redirect: 'manual' });
    expect(through.headers.get('location')).toBe(`https://offer.example/?c=${answer.clickId}`);
    const refused = await fetch(`${cairn.url}/click/direct?t1=x`);
    expect(refused.status).toBe(400);
  });
});
