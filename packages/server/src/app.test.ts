import fs from 'node:fs';
import path from 'node:path';
import { API_PATHS, apiPath, MESSAGES, SESSION_COOKIE, XSRF_COOKIE } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { kindClient } from '../test-support/entities.ts';
import { ADMIN_PASSWORD, Clock, startTestCairn, TestBrowser, tempDir } from '../test-support/server.ts';
import { SIGNED_IN_CACHE_MS } from './auth/signedInCache.ts';
import type { RunningCairn } from './index.ts';
import { MIGRATIONS } from './store/config/migrate.ts';

const running: RunningCairn[] = [];
async function start(options: Parameters<typeof startTestCairn>[0] = {}): Promise<RunningCairn> {
  const cairn = await startTestCairn(options);
  running.push(cairn);
  return cairn;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
});

describe('public calls', () => {
  it('answers mode and health, and hands out a pre-session XSRF token', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    const mode = await browser.get(API_PATHS.mode);
    expect(mode.status).toBe(200);
    expect(mode.body).toEqual({ mode: 'normal' });
    expect(browser.cookies.get(XSRF_COOKIE)).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(mode.headers.get('cache-control')).toBe('no-store');
    const health = await browser.get(API_PATHS.health);
    expect(health.body).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      schemaVersion: MIGRATIONS.length,
    });
  });

  it('redirects / to the panel and explains a missing panel build', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    const root = await browser.get('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/panel/');
    const panel = await browser.get('/panel/');
    expect(panel.status).toBe(503);
    expect(panel.text).toContain('panel is not built');
  });

  it('serves the built panel with a fallback to index.html for client routes', async () => {
    const panelDir = tempDir('cairn-panel-');
    fs.writeFileSync(path.join(panelDir, 'index.html'), '<!doctype html><title>Cairn</title>');
    fs.mkdirSync(path.join(panelDir, 'assets'));
    fs.writeFileSync(path.join(panelDir, 'assets', 'app-1234.js'), 'console.log(1)');
    fs.mkdirSync(path.join(panelDir, 'fonts', 'liberation-mono'), { recursive: true });
    fs.writeFileSync(
      path.join(panelDir, 'fonts', 'liberation-mono', 'liberation-mono-400.woff2'),
      'built-in',
    );
    const cairn = await start({ panelDir });
    const browser = new TestBrowser(cairn.url);
    const index = await browser.get('/panel/');
    expect(index.status).toBe(200);
    expect(index.text).toContain('<title>Cairn</title>');
    const route = await browser.get('/panel/campaigns/edit/12?x=1');
    expect(route.status).toBe(200);
    expect(route.text).toContain('<title>Cairn</title>');
    const asset = await browser.get('/panel/assets/app-1234.js');
    expect(asset.text).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(index.headers.get('x-frame-options')).toBe('DENY');
    expect(route.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const bookmark = await browser.get('/campaigns?x=1', { headers: { accept: 'text/html,*/*' } });
    expect(bookmark.status).toBe(200);
    expect(bookmark.text).toContain('<title>Cairn</title>');
    const apiFromBrowser = await browser.get('/api/nothing-here', { headers: { accept: 'text/html' } });
    expect(apiFromBrowser.status).toBe(404);
    const notHtml = await browser.get('/campaigns');
    expect(notHtml.status).toBe(404);
    const builtFont = await browser.get('/panel/fonts/liberation-mono/liberation-mono-400.woff2');
    expect(builtFont.text).toBe('built-in');
    const missingFile = await browser.get('/panel/assets/missing.js');
    expect(missingFile.status).toBe(404);
    const unknownApi = await browser.get('/api/nothing-here');
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.json().message).toContain('Not found');
  });
  it('serves operator-supplied font files at /panel/fonts/ from the data dir', async () => {
    const dataDir = tempDir('cairn-fonts-');
    const cairn = await start({ dataDir });
    const browser = new TestBrowser(cairn.url);
    const missing = await browser.get('/panel/fonts/operator-sans/operator-sans-400.woff2');
    expect(missing.status).toBe(404);
    // A file in the data dir is served ahead of the face the panel's build ships under the same name.
    fs.mkdirSync(path.join(dataDir, 'fonts', 'vela-sans'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'fonts', 'vela-sans', 'vela-sans-400.woff2'), 'wOF2-bytes');
    const font = await browser.get('/panel/fonts/vela-sans/vela-sans-400.woff2');
    expect(font.status).toBe(200);
    expect(font.text).toBe('wOF2-bytes');
    // An encoded slash keeps the client from normalising the dot segments away before the server sees them.
    const traversal = await browser.get('/panel/fonts/..%2fsecret.key');
    expect(traversal.status).toBe(404);
    expect(traversal.text).not.toContain(fs.readFileSync(path.join(dataDir, 'secret.key'), 'utf8').trim());
  });
});

describe('sign-in and session', () => {
  it('signs in, reports the role and flags, and rotates the session id', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    const first = await browser.signIn('admin', ADMIN_PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'ok' });
    const firstSession = browser.cookies.get(SESSION_COOKIE);
    expect(firstSession).toBeDefined();

    const role = await browser.get(API_PATHS.role);
    expect(role.status).toBe(200);
    const { id } = role.json<{ id: string }>();
    expect(role.body).toEqual({ id, role: 'super_admin', username: 'admin' });
    expect((await browser.get(apiPath.canCreateUsers(id))).body).toEqual({ canCreateUsers: true });
    expect((await browser.get(apiPath.hideProfit(id))).body).toEqual({ hideProfit: false });
    expect((await browser.get(apiPath.hideProfit(999))).status).toBe(404);

    const again = await browser.signIn('admin', ADMIN_PASSWORD);
    expect(again.status).toBe(200);
    const secondSession = browser.cookies.get(SESSION_COOKIE);
    expect(secondSession).not.toBe(firstSession);
    const stale = new TestBrowser(cairn.url);
    stale.cookies.set(SESSION_COOKIE, firstSession ?? '');
    expect((await stale.get(API_PATHS.role)).status).toBe(401);
  });

  it('refuses a wrong password with 401 and the spec message', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    const wrong = await browser.signIn('admin', 'not the password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Wrong username or password' });
    const unknown = await browser.signIn('nobody', 'whatever');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Wrong username or password' });
  });

  it('refuses a disabled account like a wrong password and ends its sessions at once', async () => {
    const cairn = await start();
    const carol = await cairn.users.create({ login: 'carol', password: 'carol-password', role: 'admin' });
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('carol', 'carol-password');
    expect((await browser.get(API_PATHS.role)).status).toBe(200);
    const admin = new TestBrowser(cairn.url);
    await admin.signIn('admin', ADMIN_PASSWORD);
    expect((await kindClient(admin, 'user').mass([carol.id], { disabled: true })).status).toBe(200);
    expect((await browser.get(API_PATHS.role)).status).toBe(401);
    const again = await new TestBrowser(cairn.url).signIn('carol', 'carol-password');
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ message: 'Wrong username or password' });
  });

  it('sees a disabling written straight to the store (announced by nobody) once its cache lifetime is over', async () => {
    const clock = new Clock();
    const cairn = await start({ now: clock.now });
    const carol = await cairn.users.create({ login: 'carol', password: 'carol-password', role: 'admin' });
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('carol', 'carol-password');
    expect((await browser.get(API_PATHS.role)).status).toBe(200);
    await cairn.store.execute('UPDATE users SET disabled = TRUE WHERE id = $1', [carol.id]);
    clock.advance(SIGNED_IN_CACHE_MS);
    expect((await browser.get(API_PATHS.role)).status).toBe(401);
  });

  it('ends a signed-out session at once for every browser that holds its cookie', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    const copy = new TestBrowser(cairn.url);
    copy.cookies.set(SESSION_COOKIE, browser.cookies.get(SESSION_COOKIE) ?? '');
    expect((await copy.get(API_PATHS.role)).status).toBe(200);
    expect((await browser.post(API_PATHS.logout)).status).toBe(200);
    expect((await copy.get(API_PATHS.role)).status).toBe(401);
  });

  it('validates the body and names each bad field', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    const bad = await browser.post(API_PATHS.signIn, { login: '', password: 42 });
    expect(bad.status).toBe(400);
    const body = bad.json<{ message: string; errors: { message: string; detail: { field: string } }[] }>();
    expect(body.errors.map((error) => error.detail.field).sort()).toEqual(['login', 'password']);
    expect(body.message).toContain('login');
    const badParams = await browser
      .signIn('admin', ADMIN_PASSWORD)
      .then(() => browser.get('/api/user/abc/hide_profit'));
    expect(badParams.status).toBe(400);
    expect(badParams.json<{ errors: { detail: { field: string } }[] }>().errors[0]?.detail.field).toBe('id');
  });

  it('answers 401 without a session, and after logout', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    const anonymous = await browser.get(API_PATHS.role);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json().message).toContain('AUTHENTICATION_ERROR');

    await browser.signIn('admin', ADMIN_PASSWORD);
    const session = browser.cookies.get(SESSION_COOKIE);
    expect((await browser.get(API_PATHS.role)).status).toBe(200);
    const logout = await browser.post(API_PATHS.logout);
    expect(logout.status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.get(API_PATHS.role)).status).toBe(401);
    // The revoked id is dead server-side too, not just forgotten by this browser.
    const replay = new TestBrowser(cairn.url);
    replay.cookies.set(SESSION_COOKIE, session ?? '');
    expect((await replay.get(API_PATHS.role)).status).toBe(401);
  });

  it('expires sessions after the configured lifetime', async () => {
    const clock = new Clock();
    const cairn = await start({ now: clock.now, sessionLifetimeHours: 2 });
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    clock.advance(2 * 60 * 60 * 1000 - 1000);
    expect((await browser.get(API_PATHS.role)).status).toBe(200);
    clock.advance(2000);
    expect((await browser.get(API_PATHS.role)).status).toBe(401);
  });

  it('keeps a plain user to their own flags', async () => {
    const cairn = await start();
    const admin = await cairn.users.findByLogin('admin');
    const bob = await cairn.users.create({
      login: 'bob',
      password: 'bob-password-1',
      role: 'user',
      hideProfit: true,
    });
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('bob', 'bob-password-1');
    expect((await browser.get(API_PATHS.role)).body).toEqual({
      id: String(bob.id),
      role: 'user',
      username: 'bob',
    });
    expect((await browser.get(apiPath.hideProfit(bob.id))).body).toEqual({ hideProfit: true });
    expect((await browser.get(apiPath.canCreateUsers(bob.id))).body).toEqual({ canCreateUsers: false });
    const other = await browser.get(apiPath.hideProfit(admin?.id ?? 0));
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: 'Permission denied' });
  });

  it('changes the password, checking the current one and ending other sessions', async () => {
    const cairn = await start();
    const here = new TestBrowser(cairn.url);
    const elsewhere = new TestBrowser(cairn.url);
    await here.signIn('admin', ADMIN_PASSWORD);
    await elsewhere.signIn('admin', ADMIN_PASSWORD);
    const wrongCurrent = await here.post(API_PATHS.changePassword, {
      currentPassword: 'nope',
      newPassword: 'a-new-password',
    });
    expect(wrongCurrent.status).toBe(400);
    const tooShort = await here.post(API_PATHS.changePassword, {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'short',
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.json<{ errors: { detail: { field: string } }[] }>().errors[0]?.detail.field).toBe(
      'newPassword',
    );
    const changed = await here.post(API_PATHS.changePassword, {
      currentPassword: ADMIN_PASSWORD,
      newPassword: 'a-new-password',
    });
    expect(changed.status).toBe(200);
    expect((await here.get(API_PATHS.role)).status).toBe(200);
    expect((await elsewhere.get(API_PATHS.role)).status).toBe(401);
    expect((await new TestBrowser(cairn.url).signIn('admin', ADMIN_PASSWORD)).status).toBe(401);
    expect((await new TestBrowser(cairn.url).signIn('admin', 'a-new-password')).status).toBe(200);
  });

  it('authenticates read-only GET links with the auth secret until it is rotated', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.signIn('admin', ADMIN_PASSWORD);
    const { secret } = (await browser.get(API_PATHS.authSecret)).json<{ secret: string }>();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const link = new TestBrowser(cairn.url);
    expect((await link.get(`${API_PATHS.role}?auth=${secret}`)).status).toBe(200);
    // The secret opens reads only: an unsafe call carrying it is still anonymous.
    expect((await link.post(`${API_PATHS.authSecretRotate}?auth=${secret}`)).status).toBe(401);
    const rotated = await browser.post(API_PATHS.authSecretRotate, { currentPassword: ADMIN_PASSWORD });
    expect(rotated.json<{ secret: string }>().secret).not.toBe(secret);
    expect((await link.get(`${API_PATHS.role}?auth=${secret}`)).status).toBe(401);
  });
});

describe('cookies', () => {
  it('are HttpOnly and SameSite=Lax, and Secure when served over HTTPS', async () => {
    const cairn = await start({ trustProxy: true });
    const plain = new TestBrowser(cairn.url);
    await plain.get(API_PATHS.mode);
    const overHttp = await plain.post(API_PATHS.signIn, { login: 'admin', password: ADMIN_PASSWORD });
    const httpSession = overHttp.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(httpSession).toMatch(/HttpOnly/);
    expect(httpSession).toMatch(/SameSite=Lax/);
    expect(httpSession).not.toMatch(/Secure/);

    const proxied = new TestBrowser(cairn.url);
    const https = { 'x-forwarded-proto': 'https' };
    await proxied.get(API_PATHS.mode, { headers: https });
    const overHttps = await proxied.post(
      API_PATHS.signIn,
      { login: 'admin', password: ADMIN_PASSWORD },
      { headers: https },
    );
    const cookies = overHttps.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/; Secure/);
    // The XSRF cookie must stay readable by the panel's script.
    const xsrf = cookies.find((c) => c.startsWith(`${XSRF_COOKIE}=`)) ?? '';
    expect(xsrf).toMatch(/; Secure/);
    expect(xsrf).not.toMatch(/HttpOnly/);
  });
});

describe('CSRF', () => {
  it('refuses unsafe calls without the header, with a wrong one, or with another browser token', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    const missing = await browser.post(
      API_PATHS.signIn,
      { login: 'admin', password: ADMIN_PASSWORD },
      { xsrf: false },
    );
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({ message: MESSAGES.csrf });
    const forged = await browser.post(
      API_PATHS.signIn,
      { login: 'admin', password: ADMIN_PASSWORD },
      { xsrf: 'AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    );
    expect(forged.status).toBe(403);

    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
    // The token is bound to the session: one minted for a different browser does not verify here, even
    // when an attacker plants it as both cookie and header.
    const other = new TestBrowser(cairn.url);
    await other.get(API_PATHS.mode);
    const foreignToken = other.cookies.get(XSRF_COOKIE) ?? '';
    browser.cookies.set(XSRF_COOKIE, foreignToken);
    const planted = await browser.post(API_PATHS.logout, undefined, { xsrf: foreignToken });
    expect(planted.status).toBe(403);
    // The refusal re-issues a valid token for this session, and the panel's next try succeeds.
    expect((await browser.post(API_PATHS.logout)).status).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('answers 429 with Retry-After after too many failures for one account, until the window passes', async () => {
    const clock = new Clock();
    const cairn = await start({
      now: clock.now,
      signInMaxFailuresPerAccount: 3,
      signInThrottleWindowMinutes: 10,
    });
    const browser = new TestBrowser(cairn.url);
    for (let i = 0; i < 3; i++) expect((await browser.signIn('admin', 'wrong')).status).toBe(401);
    const blocked = await browser.signIn('admin', ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(600);
    clock.advance(5 * 60 * 1000);
    expect(Number((await browser.signIn('admin', ADMIN_PASSWORD)).headers.get('retry-after'))).toBe(300);
    clock.advance(5 * 60 * 1000 + 1);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('throttles password guesses made through the licence installation call too', async () => {
    const cairn = await start({ signInMaxFailuresPerAccount: 2 });
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    const guess = () => browser.post(API_PATHS.license, { key: 'x.y', login: 'admin', password: 'guess' });
    expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(401);
    expect((await guess()).status).toBe(429);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(429);
  });

  it('throttles one IP trying many accounts', async () => {
    const cairn = await start({ signInMaxFailuresPerIp: 4, signInMaxFailuresPerAccount: 100 });
    const browser = new TestBrowser(cairn.url);
    for (let i = 0; i < 4; i++) expect((await browser.signIn(`user${i}`, 'guess')).status).toBe(401);
    const blocked = await browser.signIn('admin', ADMIN_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
