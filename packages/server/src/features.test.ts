import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { API_PATHS, DEMO_ACCOUNT, SESSION_COOKIE } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Clock, startTestCairn, TestBrowser, tempDir } from '../test-support/server.ts';
import { generateLicenseKeyPair, type RunningCairn, signLicense, totpCode } from './index.ts';
import { MIGRATIONS } from './store/config/migrate.ts';

const running: RunningCairn[] = [];
const servers: http.Server[] = [];
async function start(options: Parameters<typeof startTestCairn>[0] = {}): Promise<RunningCairn> {
  const cairn = await startTestCairn(options);
  running.push(cairn);
  return cairn;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function signedIn(
  cairn: RunningCairn,
  login = 'admin',
  password = ADMIN_PASSWORD,
): Promise<TestBrowser> {
  const browser = new TestBrowser(cairn.url);
  const result = await browser.signIn(login, password);
  expect(result.status).toBe(200);
  return browser;
}

describe('two-factor sign-in', () => {
  it('enables TOTP, asks for a code at sign-in, accepts one step of drift and refuses a reused code', async () => {
    const clock = new Clock('2026-03-01T12:00:05.000Z');
    const cairn = await start({ now: clock.now });
    const browser = await signedIn(cairn);
    expect((await browser.get(API_PATHS.twoFactor)).body).toEqual({ enabled: false, pending: false });

    const enabled = await browser.post(API_PATHS.twoFactorEnable, { currentPassword: ADMIN_PASSWORD });
    expect(enabled.status).toBe(200);
    const { secret, otpauthUri } = enabled.json<{ secret: string; otpauthUri: string }>();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Cairn:admin\?secret=[A-Z2-7]+&issuer=Cairn/);
    expect((await browser.post(API_PATHS.twoFactorConfirm, { code: '000000' })).status).toBe(400);
    expect(
      (await browser.post(API_PATHS.twoFactorConfirm, { code: totpCode(secret, clock.ms) })).status,
    ).toBe(200);
    expect((await browser.get(API_PATHS.twoFactor)).body).toEqual({ enabled: true, pending: false });
    await browser.post(API_PATHS.logout);

    // Two steps on, so the previous step's code was not burnt by the confirmation.
    clock.advance(60_000);
    const step1 = await browser.signIn('admin', ADMIN_PASSWORD);
    expect(step1.body).toEqual({ status: 'need_two_factor' });
    // Half-signed-in is not signed in.
    expect((await browser.get(API_PATHS.role)).status).toBe(401);
    const wrong = await browser.post(API_PATHS.signInTwoFactor, { code: '123456' });
    expect(wrong.status).toBe(401);
    const malformed = await browser.post(API_PATHS.signInTwoFactor, { code: '12ab' });
    expect(malformed.status).toBe(400);
    // A code from the previous 30 s step still works (drift of one step).
    const pendingCookie = browser.cookies.get(SESSION_COOKIE);
    const previousStepCode = totpCode(secret, clock.ms - 30_000);
    const ok = await browser.post(API_PATHS.signInTwoFactor, { code: previousStepCode });
    expect(ok.body).toEqual({ status: 'ok' });
    expect(browser.cookies.get(SESSION_COOKIE)).not.toBe(pendingCookie);
    expect((await browser.get(API_PATHS.role)).status).toBe(200);

    // Same code again, from a fresh sign-in: refused, it was used.
    const other = new TestBrowser(cairn.url);
    expect((await other.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
    const reused = await other.post(API_PATHS.signInTwoFactor, { code: previousStepCode });
    expect(reused.status).toBe(401);
    expect(reused.json().message).toContain('already used');
    const current = await other.post(API_PATHS.signInTwoFactor, { code: totpCode(secret, clock.ms) });
    expect(current.body).toEqual({ status: 'ok' });
    // Two steps away is outside the drift window.
    await other.post(API_PATHS.logout);
    expect((await other.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
    const tooOld = await other.post(API_PATHS.signInTwoFactor, { code: totpCode(secret, clock.ms + 90_000) });
    expect(tooOld.status).toBe(401);

    clock.advance(30_000);
    const disable = await browser.post(API_PATHS.twoFactorDisable, {
      code: totpCode(secret, clock.ms),
      currentPassword: ADMIN_PASSWORD,
    });
    expect(disable.status).toBe(200);
    const plain = new TestBrowser(cairn.url);
    expect((await plain.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'ok' });
  });

  it('gives a half-finished sign-in five minutes to bring its code', async () => {
    const clock = new Clock();
    const cairn = await start({ now: clock.now });
    const browser = await signedIn(cairn);
    const { secret } = (
      await browser.post(API_PATHS.twoFactorEnable, { currentPassword: ADMIN_PASSWORD })
    ).json<{ secret: string }>();
    await browser.post(API_PATHS.twoFactorConfirm, { code: totpCode(secret, clock.ms) });
    await browser.post(API_PATHS.logout);
    clock.advance(60_000);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
    clock.advance(5 * 60_000 + 1000);
    const late = await browser.post(API_PATHS.signInTwoFactor, { code: totpCode(secret, clock.ms) });
    expect(late.status).toBe(401);
    expect(late.json().message).toContain('AUTHENTICATION_ERROR');
    // The refusal cleared the dead session and handed out a fresh token: starting over works at once.
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await browser.post(API_PATHS.signIn, { login: 'admin', password: ADMIN_PASSWORD })).body).toEqual(
      {
        status: 'need_two_factor',
      },
    );
  });

  it('refuses the second step without a password step first', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    expect((await browser.post(API_PATHS.signInTwoFactor, { code: '123456' })).status).toBe(401);
  });
});

describe('licence', () => {
  const keys = generateLicenseKeyPair();

  it('runs as the community edition without a public key', async () => {
    const cairn = await start();
    const browser = await signedIn(cairn);
    const license = await browser.get(API_PATHS.license);
    expect(license.body).toEqual({
      trackerId: cairn.trackerId,
      state: 'community',
      plan: null,
      expiresAt: null,
    });
  });

  it('answers 402 License not found at sign-in when no key is installed, and accepts one installed by an admin', async () => {
    const clock = new Clock();
    const cairn = await start({ now: clock.now, licensePublicKey: keys.publicKey });
    const browser = new TestBrowser(cairn.url);
    const refused = await browser.signIn('admin', ADMIN_PASSWORD);
    expect(refused.status).toBe(402);
    expect(refused.json()).toMatchObject({ error: 'License not found', trackerId: cairn.trackerId });
    // Wrong credentials stay a 401: the tracker id is not handed to strangers.
    expect((await browser.signIn('admin', 'wrong')).status).toBe(401);

    const forOtherTracker = signLicense(keys.privateKey, {
      trackerId: 'other',
      plan: 'pro',
      expiresAt: '2027-01-01',
    });
    const rejected = await browser.post(API_PATHS.license, {
      key: forOtherTracker,
      login: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(rejected.status).toBe(400);
    const key = signLicense(keys.privateKey, {
      trackerId: cairn.trackerId,
      plan: 'pro',
      expiresAt: '2027-01-01',
    });
    expect((await browser.post(API_PATHS.license, { key })).status).toBe(401);
    const installed = await browser.post(API_PATHS.license, {
      key,
      login: 'admin',
      password: ADMIN_PASSWORD,
    });
    expect(installed.status).toBe(200);
    expect(installed.body).toMatchObject({
      state: 'valid',
      plan: 'pro',
      expiresAt: '2027-01-01T00:00:00.000Z',
    });
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  });

  it('answers 402 License expired at sign-in and on every authenticated call once the key expires', async () => {
    const clock = new Clock('2026-12-31T23:00:00.000Z');
    const dataDir = tempDir();
    // The tracker id is minted at first start, so learn it before signing a key for it.
    const first = await start({ dataDir, now: clock.now });
    const trackerId = first.trackerId;
    await first.close();
    const key = signLicense(keys.privateKey, { trackerId, plan: 'pro', expiresAt: '2027-01-01T00:00:00Z' });
    const cairn = await start({ dataDir, now: clock.now, licensePublicKey: keys.publicKey, licenseKey: key });
    expect(cairn.trackerId).toBe(trackerId);
    const browser = await signedIn(cairn);
    expect((await browser.get(API_PATHS.role)).status).toBe(200);

    clock.advance(60 * 60 * 1000);
    const role = await browser.get(API_PATHS.role);
    expect(role.status).toBe(402);
    expect(role.body).toMatchObject({ error: 'License expired', trackerId });
    const signIn = await new TestBrowser(cairn.url).signIn('admin', ADMIN_PASSWORD);
    expect(signIn.status).toBe(402);
    expect(signIn.json().error).toBe('License expired');
    // Still able to see which licence it is and to sign out.
    expect((await browser.get(API_PATHS.license)).json().state).toBe('expired');
    expect((await browser.post(API_PATHS.logout)).status).toBe(200);
  });
});

describe('demo mode', () => {
  it('answers demo, signs the fixed demo account in and refuses data changes with 410', async () => {
    const cairn = await start({ mode: 'demo' });
    const browser = new TestBrowser(cairn.url);
    expect((await browser.get(API_PATHS.mode)).body).toEqual({ mode: 'demo' });
    const signIn = await browser.signIn(DEMO_ACCOUNT.login, DEMO_ACCOUNT.password);
    expect(signIn.body).toEqual({ status: 'ok' });
    expect((await browser.get(API_PATHS.role)).json()).toMatchObject({ role: 'admin', username: 'demo' });
    const change = await browser.post(API_PATHS.changePassword, {
      currentPassword: DEMO_ACCOUNT.password,
      newPassword: 'hijacked-password',
    });
    expect(change.status).toBe(410);
    expect((await browser.post(API_PATHS.twoFactorEnable)).status).toBe(410);
    expect((await browser.post(API_PATHS.authSecretRotate)).status).toBe(410);
    expect((await browser.post(API_PATHS.logout)).status).toBe(200);
  });
});

async function serveFeed(respond: (response: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer((_request, response) => respond(response));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/releases.json`;
}

describe('update check', () => {
  const feed = {
    releases: [
      { version: '0.1.0', notes: 'first' },
      { version: '0.3.0', date: '2026-04-01', notes: 'Reports got faster.' },
      { version: '0.2.0', notes: 'Two-factor sign-in.' },
    ],
  };

  it('reports newer releases from an http feed, newest first', async () => {
    const url = await serveFeed((response) => response.end(JSON.stringify(feed)));
    const cairn = await start({ updateFeed: url, privateDestinations: ['127.0.0.1'] });
    const browser = await signedIn(cairn);
    const check = await browser.get(API_PATHS.updatesCheck);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      is_available_updates: true,
      current_version: '0.1.0',
      latest_version: '0.3.0',
      notes: '0.3.0 (2026-04-01)\nReports got faster.\n\n0.2.0\nTwo-factor sign-in.',
    });
  });

  it('calls a feed on a loopback address only when CAIRN_PRIVATE_DESTINATIONS allows it', async () => {
    let calls = 0;
    const url = await serveFeed((response) => {
      calls += 1;
      response.end(JSON.stringify(feed));
    });
    const cairn = await start({ updateFeed: url });
    const check = await (await signedIn(cairn)).get(API_PATHS.updatesCheck);
    expect(check.status).toBe(503);
    expect(check.json().message).toContain('127.0.0.1 is a loopback address');
    expect(calls).toBe(0);
  });

  it('reads a feed file and reports no update when nothing is newer', async () => {
    const file = path.join(tempDir(), 'feed.json');
    fs.writeFileSync(file, JSON.stringify({ releases: [{ version: '0.1.0', notes: '' }] }));
    const cairn = await start({ updateFeed: file });
    const browser = await signedIn(cairn);
    expect((await browser.get(API_PATHS.updatesCheck)).body).toEqual({
      is_available_updates: false,
      current_version: '0.1.0',
      latest_version: '0.1.0',
      notes: '',
    });
  });

  it('denies plain users and anonymous callers', async () => {
    const cairn = await start();
    await cairn.users.create({ login: 'bob', password: 'bob-password-1', role: 'user' });
    const bob = await signedIn(cairn, 'bob', 'bob-password-1');
    const denied = await bob.get(API_PATHS.updatesCheck);
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'Permission denied' });
    expect((await new TestBrowser(cairn.url).get(API_PATHS.updatesCheck)).status).toBe(401);
  });

  it('answers 503 for an unreachable feed and 502 for a broken one', async () => {
    const closed = await serveFeed((response) => response.end());
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    const unreachable = await start({ updateFeed: closed, privateDestinations: ['127.0.0.1'] });
    const check = await (await signedIn(unreachable)).get(API_PATHS.updatesCheck);
    expect(check.status).toBe(503);
    expect(check.json().message).toContain('unreachable');

    const brokenUrl = await serveFeed((response) => response.end('{"releases": [{"version": "soon"}]}'));
    const broken = await start({ updateFeed: brokenUrl, privateDestinations: ['127.0.0.1'] });
    const brokenCheck = await (await signedIn(broken)).get(API_PATHS.updatesCheck);
    expect(brokenCheck.status).toBe(502);
    expect(brokenCheck.json().message).toContain('malformed');

    const notJson = await serveFeed((response) => response.end('<html>'));
    const html = await start({ updateFeed: notJson, privateDestinations: ['127.0.0.1'] });
    expect((await (await signedIn(html)).get(API_PATHS.updatesCheck)).status).toBe(502);
  });
});

describe('backups API', () => {
  it('lists backups for admins and refuses plain users', async () => {
    const cairn = await start();
    await cairn.users.create({ login: 'bob', password: 'bob-password-1', role: 'user' });
    const admin = await signedIn(cairn);
    const list = await admin.get(API_PATHS.backups);
    expect(list.status).toBe(200);
    // A fresh data dir had nothing to back up before its first migration.
    expect(list.json()).toMatchObject({
      backups: [],
      restoreCommand: expect.stringContaining('cairn restore --from'),
    });
    const bob = await signedIn(cairn, 'bob', 'bob-password-1');
    expect((await bob.get(API_PATHS.backups)).status).toBe(403);
    expect((await bob.post(API_PATHS.backups)).status).toBe(403);

    const created = await admin.post(API_PATHS.backups);
    expect(created.status).toBe(200);
    const backup = created.json<{
      id: string;
      schemaVersion: number;
      beforeMigration: null;
      sizeBytes: number;
    }>();
    expect(backup.id).toMatch(/-manual$/);
    expect(backup).toMatchObject({ schemaVersion: MIGRATIONS.at(-1)?.version, beforeMigration: null });
    expect(backup.sizeBytes).toBeGreaterThan(0);
    expect((await admin.get(API_PATHS.backups)).json<{ backups: { id: string }[] }>().backups).toEqual([
      expect.objectContaining({ id: backup.id }),
    ]);
  });
});

describe('logs', () => {
  it('are structured JSON and hold no password, cookie or auth secret', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const cairn = await start({ logLevel: 'info', logDestination: sink });
    const browser = await signedIn(cairn);
    const { secret } = (await browser.get(API_PATHS.authSecret)).json<{ secret: string }>();
    await browser.get(`${API_PATHS.role}?auth=${secret}`);
    await new TestBrowser(cairn.url).signIn('admin', 'a-wrong-password');
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(log).toContain('/api/user/role');
    expect(log).not.toContain(ADMIN_PASSWORD);
    expect(log).not.toContain('a-wrong-password');
    expect(log).not.toContain(secret);
    expect(log).not.toContain(browser.cookies.get(SESSION_COOKIE) ?? 'no-session-cookie');
  });
});
