import { DEFAULT_LP_PROTECT, type Landing, LP_PROTECT_PATHS, type LpProtectSettings } from '@cairn/contract';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useClickServer } from '../../test-support/clicks.ts';
import { errorFields, kindClient } from '../../test-support/entities.ts';
import { uploadLanderFile } from '../../test-support/landerFiles.ts';
import { TestBrowser } from '../../test-support/server.ts';
import { isValidLpKey } from '../tracking/click/lpProtect.ts';

// Settings > LP protect through the real API, click endpoint and hosted landers: the default for new
// landers, the key lifetime a click's key gets, secret rotation, and what an unprotected visit gets.

const server = useClickServer();
const put = (body: unknown) => server.browser.call('PUT', LP_PROTECT_PATHS.settings, { body });
const save = async (settings: Partial<LpProtectSettings>) => {
  const saved = await put({ ...DEFAULT_LP_PROTECT, ...settings });
  expect(saved.status).toBe(200);
};

/** A protected lander on a campaign, and the URL a click on it is sent to. */
async function protectedLander(url: string) {
  const lander = await kindClient(server.browser, 'landing').make<Landing>({
    name: `lander-${Math.random()}`,
    url,
    lpProtect: true,
  });
  const campaign = await server.makeCampaign({
    flow: { defaultPaths: [{ landers: [{ landingId: lander.id }], offers: [{ offerId: server.hitOffer }] }] },
  });
  const click = async () =>
    new URL((await server.visit(`/click?key=${campaign.key}`)).headers.get('location') ?? '');
  return { lander, click };
}

describe('LP protect settings', () => {
  it('reads the defaults for every signed-in user and lets only admins change them', async () => {
    const { browser, cairn } = server;
    expect((await browser.get(LP_PROTECT_PATHS.settings)).json()).toEqual(DEFAULT_LP_PROTECT);
    expect(DEFAULT_LP_PROTECT).toMatchObject({
      defaultOn: false,
      keyLifetimeMinutes: 60,
      unprotectedAction: 'notFound',
    });
    const password = 'Lp viewer pass 8812';
    await kindClient(browser, 'user').make({
      login: 'lp-viewer',
      password,
      role: 'user',
      permissions: [{ kind: 'landing', scope: 'all', access: 'write' }],
    });
    const plain = new TestBrowser(cairn.url);
    expect((await plain.signIn('lp-viewer', password)).status).toBe(200);
    expect((await plain.get(LP_PROTECT_PATHS.settings)).status).toBe(200);
    expect((await plain.call('PUT', LP_PROTECT_PATHS.settings, { body: DEFAULT_LP_PROTECT })).status).toBe(
      403,
    );
    expect((await plain.call('POST', LP_PROTECT_PATHS.rotate)).status).toBe(403);
    expect((await new TestBrowser(cairn.url).get(LP_PROTECT_PATHS.settings)).status).toBe(401);
  });

  it('refuses bad values field by field and keeps what was saved', async () => {
    const refused = await put({
      defaultOn: 'yes',
      keyLifetimeMinutes: 2,
      unprotectedAction: 'redirect',
      redirectUrl: 'javascript:alert(1)',
      safePageHtml: 'x'.repeat(70_000),
    });
    expect(refused.status).toBe(400);
    expect(errorFields(refused).sort()).toEqual([
      'defaultOn',
      'keyLifetimeMinutes',
      'redirectUrl',
      'safePageHtml',
    ]);
    const tooLong = await put({ ...DEFAULT_LP_PROTECT, keyLifetimeMinutes: 10_081 });
    expect(tooLong.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'At most 10080 minutes (7 days)',
    );
    const missing = await put({ ...DEFAULT_LP_PROTECT, unprotectedAction: 'safePage' });
    expect(errorFields(missing)).toEqual(['safePageHtml']);
    expect((await put({ ...DEFAULT_LP_PROTECT, unprotectedAction: 'redirect' })).status).toBe(400);
    expect((await server.browser.get(LP_PROTECT_PATHS.settings)).json()).toEqual(DEFAULT_LP_PROTECT);
  });

  it('protects new landers by default when set, unless the create says otherwise', async () => {
    const landers = kindClient(server.browser, 'landing');
    const before = await landers.make<Landing>({ name: 'before default', url: 'https://lp.example/a' });
    expect(before).toMatchObject({ lpProtect: false, lpProtectKey: null });
    await save({ defaultOn: true });
    const after = await landers.make<Landing>({ name: 'after default', url: 'https://lp.example/b' });
    expect(after.lpProtect).toBe(true);
    expect(after.lpProtectKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const optedOut = await landers.make<Landing>({
      name: 'opted out',
      url: 'https://lp.example/c',
      lpProtect: false,
    });
    expect(optedOut.lpProtect).toBe(false);
    // A full update that leaves the switch out keeps it as it was.
    const { id, lpProtectKey } = after;
    const updated = await server.browser.call('PUT', `/api/landing/${id}`, {
      body: { name: 'after default', url: 'https://lp.example/b2' },
    });
    expect(updated.json()).toMatchObject({ lpProtect: true, lpProtectKey });
    await save({ defaultOn: false });
    expect(
      (await landers.make<Landing>({ name: 'default off', url: 'https://lp.example/d' })).lpProtect,
    ).toBe(false);
    const [audit] = await server.cairn.store.query<{ details: string }>(
      "SELECT details FROM audit_log WHERE action = 'lp_protect_changed' ORDER BY id LIMIT 1",
    );
    expect(JSON.parse(audit?.details ?? '{}')).toMatchObject({
      before: { defaultOn: false },
      after: { defaultOn: true },
    });
  });

  it('signs the key a click gets with the key lifetime set', async () => {
    const { lander, click } = await protectedLander('https://lp.example/lifetime');
    const secret = lander.lpProtectKey ?? '';
    const expiresIn = async () => {
      const key = (await click()).searchParams.get('lpkey') ?? '';
      expect(isValidLpKey(secret, key, server.clock.now())).toBe(true);
      return Number(key.split('.')[1]) - Math.floor(server.clock.now() / 1000);
    };
    expect(await expiresIn()).toBe(3600);
    await save({ keyLifetimeMinutes: 15 });
    expect(await expiresIn()).toBe(900);
    await save({ keyLifetimeMinutes: 60 });
  });

  it('gives every protected lander a new secret, so keys signed with the old ones stop passing', async () => {
    const { browser, cairn } = server;
    await uploadLanderFile(cairn.url, browser, 'rotated', 'index.html', strToU8('<p>lander</p>'), false);
    const { lander, click } = await protectedLander(`${cairn.url}/lp/rotated/`);
    const oldUrl = await click();
    expect((await fetch(oldUrl)).status).toBe(200);
    const protectedCount = (
      await cairn.store.query<{ n: number | bigint }>(
        'SELECT COUNT(*) AS n FROM landings WHERE lp_protect AND lp_protect_key IS NOT NULL',
      )
    )[0]?.n;

    const rotation = await browser.call('POST', LP_PROTECT_PATHS.rotate);
    expect(rotation.status).toBe(200);
    expect(rotation.json()).toEqual({ rotated: Number(protectedCount) });
    const now = (await browser.get(`/api/landing/${lander.id}`)).json<Landing>();
    expect(now.lpProtectKey).not.toBe(lander.lpProtectKey);
    expect(now.lpProtectKey).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    expect((await fetch(oldUrl)).status).toBe(404);
    const newUrl = await click();
    expect(
      isValidLpKey(now.lpProtectKey ?? '', newUrl.searchParams.get('lpkey') ?? '', server.clock.now()),
    ).toBe(true);
    expect((await fetch(newUrl)).status).toBe(200);
    const [audit] = await cairn.store.query<{ details: string }>(
      "SELECT details FROM audit_log WHERE action = 'lp_protect_secrets_rotated'",
    );
    expect(JSON.parse(audit?.details ?? '{}').landers).toContain(lander.id);
  });

  it('answers an unprotected visit to a hosted lander as set: 404, redirect or safe page', async () => {
    const { browser, cairn } = server;
    await uploadLanderFile(cairn.url, browser, 'answers', 'index.html', strToU8('<p>real lander</p>'), false);
    const { click } = await protectedLander(`${cairn.url}/lp/answers/`);
    const bare = `${cairn.url}/lp/answers/`;
    expect((await fetch(bare)).status).toBe(404);

    await save({ unprotectedAction: 'redirect', redirectUrl: 'https://safe.example/away' });
    const redirected = await fetch(bare, { redirect: 'manual' });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('https://safe.example/away');

    await save({ unprotectedAction: 'safePage', safePageHtml: '<h1>Recipes</h1>' });
    const safe = await fetch(`${bare}?lpkey=forged.1.abc`);
    expect(safe.status).toBe(200);
    expect(safe.headers.get('cache-control')).toBe('no-store');
    expect(await safe.text()).toBe('<h1>Recipes</h1>');

    // A visitor the tracker sent still sees the lander, until the key expires.
    const sent = await click();
    expect(await (await fetch(sent)).text()).toBe('<p>real lander</p>');
    server.clock.advance(3601 * 1000);
    expect(await (await fetch(sent)).text()).toBe('<h1>Recipes</h1>');
    // Shortening the lifetime cuts keys already handed out.
    const fresh = await click();
    await save({ unprotectedAction: 'safePage', safePageHtml: '<h1>Recipes</h1>', keyLifetimeMinutes: 5 });
    expect(await (await fetch(fresh)).text()).toBe('<h1>Recipes</h1>');
    await save({});
  });
});
