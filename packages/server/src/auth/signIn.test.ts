import { API_PATHS } from '@cairn/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, Clock, startTestCairn, TestBrowser } from '../../test-support/server.ts';
import type { RunningCairn } from '../index.ts';
import { totpCode } from './totp.ts';

// The failure budgets of everything that checks a password or a second factor, under parallel requests.

const running: RunningCairn[] = [];
async function start(options: Parameters<typeof startTestCairn>[0] = {}): Promise<RunningCairn> {
  const cairn = await startTestCairn(options);
  running.push(cairn);
  return cairn;
}
afterEach(async () => {
  await Promise.all(running.splice(0).map((cairn) => cairn.close()));
});

function statuses(results: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function signedIn(cairn: RunningCairn): Promise<TestBrowser> {
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  return browser;
}

/** Turns two-factor sign-in on for the admin and returns the secret. */
async function withTwoFactor(browser: TestBrowser, now: number): Promise<string> {
  const enabled = await browser.post(API_PATHS.twoFactorEnable, { currentPassword: ADMIN_PASSWORD });
  expect(enabled.status).toBe(200);
  const { secret } = enabled.json<{ secret: string }>();
  expect((await browser.post(API_PATHS.twoFactorConfirm, { code: totpCode(secret, now) })).status).toBe(200);
  await browser.post(API_PATHS.logout);
  return secret;
}

describe('sign-in throttle under parallel requests', () => {
  it('reserves each attempt before checking it: 40 parallel wrong passwords for one account get 429s', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        browser.post(API_PATHS.signIn, { login: 'admin', password: 'wrong password' }),
      ),
    );
    const counts = statuses(results);
    // The per-account budget is 5: no more wrong passwords than that are even checked.
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBeGreaterThanOrEqual(35);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    // What the parallel burst left of the budget goes to sequential guesses; then even the right password waits.
    let checked = counts[401] ?? 0;
    for (let n = 0; n < 10; n++) {
      if ((await browser.signIn('admin', 'wrong password')).status !== 401) break;
      checked++;
    }
    expect(checked).toBe(5);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(429);
  });

  it('bounds one IP trying many accounts in parallel', async () => {
    const cairn = await start();
    const browser = new TestBrowser(cairn.url);
    await browser.get(API_PATHS.mode);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        browser.post(API_PATHS.signIn, { login: `guess${n}`, password: 'wrong password' }),
      ),
    );
    const counts = statuses(results);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(20);
    expect(counts[429]).toBeGreaterThanOrEqual(20);
  });

  it('forgives the attempt of a correct password, so a user who signs in often is never locked out', async () => {
    const cairn = await start({ signInMaxFailuresPerAccount: 3 });
    for (let n = 0; n < 6; n++) await signedIn(cairn);
    const browser = new TestBrowser(cairn.url);
    expect((await browser.signIn('admin', 'wrong password')).status).toBe(401);
    expect((await browser.signIn('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
});

describe('two-factor guessing', () => {
  it('keeps code failures across correct passwords: only a completed sign-in forgives them', async () => {
    const clock = new Clock('2026-03-01T12:00:05.000Z');
    const cairn = await start({ now: clock.now, signInMaxFailuresPerAccount: 3 });
    const secret = await withTwoFactor(await signedIn(cairn), clock.ms);
    clock.advance(60_000);
    let attacker = new TestBrowser(cairn.url);
    const wrongCode = totpCode(secret, clock.ms + 10 * 60_000);
    for (let n = 0; n < 3; n++) {
      // Knowing the password, the attacker starts over before each guess.
      expect((await attacker.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
      expect((await attacker.post(API_PATHS.signInTwoFactor, { code: wrongCode })).status).toBe(401);
    }
    // The password step does not reset the code budget, and the code budget is its own.
    expect((await attacker.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
    const blocked = await attacker.post(API_PATHS.signInTwoFactor, { code: totpCode(secret, clock.ms) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // Parallel guesses are reserved up front too (a new browser: the half-finished sign-in has expired).
    clock.advance(16 * 60_000);
    attacker = new TestBrowser(cairn.url);
    expect((await attacker.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        attacker.post(API_PATHS.signInTwoFactor, { code: String(100_000 + n) }),
      ),
    );
    expect(statuses(parallel)[401] ?? 0).toBeLessThanOrEqual(3);

    // After the window the owner signs in, which clears the failures.
    clock.advance(16 * 60_000);
    const owner = new TestBrowser(cairn.url);
    expect((await owner.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
    expect((await owner.post(API_PATHS.signInTwoFactor, { code: wrongCode })).status).toBe(401);
    expect((await owner.post(API_PATHS.signInTwoFactor, { code: totpCode(secret, clock.ms) })).status).toBe(
      200,
    );
    clock.advance(30_000);
    attacker = new TestBrowser(cairn.url);
    for (let n = 0; n < 2; n++) {
      expect((await attacker.signIn('admin', ADMIN_PASSWORD)).body).toEqual({ status: 'need_two_factor' });
      expect((await attacker.post(API_PATHS.signInTwoFactor, { code: wrongCode })).status).toBe(401);
    }
  });
});

describe('re-authentication', () => {
  it('throttles wrong current passwords when changing the password', async () => {
    const cairn = await start({ signInMaxFailuresPerAccount: 3 });
    const browser = await signedIn(cairn);
    const change = (currentPassword: string) =>
      browser.post(API_PATHS.changePassword, { currentPassword, newPassword: 'a-fresh-passphrase-9' });
    for (let n = 0; n < 3; n++) expect((await change('wrong password')).status).toBe(400);
    expect((await change(ADMIN_PASSWORD)).status).toBe(429);
    // The budget is the sign-in's: the account is throttled there too.
    expect((await new TestBrowser(cairn.url).signIn('admin', ADMIN_PASSWORD)).status).toBe(429);
  });

  it('throttles parallel password changes with wrong current passwords', async () => {
    const cairn = await start();
    const browser = await signedIn(cairn);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.post(API_PATHS.changePassword, {
          currentPassword: 'wrong password',
          newPassword: 'a-fresh-passphrase-9',
        }),
      ),
    );
    expect(statuses(results)[400] ?? 0).toBeLessThanOrEqual(5);
  });

  it('asks for the current password to turn two-factor on or off and to rotate the auth secret', async () => {
    const clock = new Clock('2026-03-01T12:00:05.000Z');
    const cairn = await start({ now: clock.now, signInMaxFailuresPerAccount: 3 });
    const browser = await signedIn(cairn);
    const fieldOf = (result: { json: <T>() => T }) =>
      result.json<{ errors?: { detail?: { field?: string } }[] }>().errors?.[0]?.detail?.field;

    const noPassword = await browser.post(API_PATHS.twoFactorEnable, {});
    expect(noPassword.status).toBe(400);
    expect(fieldOf(noPassword)).toBe('currentPassword');
    const wrongEnable = await browser.post(API_PATHS.twoFactorEnable, { currentPassword: 'wrong password' });
    expect(wrongEnable.status).toBe(400);
    expect(fieldOf(wrongEnable)).toBe('currentPassword');
    const enabled = await browser.post(API_PATHS.twoFactorEnable, { currentPassword: ADMIN_PASSWORD });
    expect(enabled.status).toBe(200);
    const { secret } = enabled.json<{ secret: string }>();
    expect(
      (await browser.post(API_PATHS.twoFactorConfirm, { code: totpCode(secret, clock.ms) })).status,
    ).toBe(200);

    const rotateBare = await browser.post(API_PATHS.authSecretRotate, {});
    expect(rotateBare.status).toBe(400);
    expect(fieldOf(rotateBare)).toBe('currentPassword');
    const rotated = await browser.post(API_PATHS.authSecretRotate, { currentPassword: ADMIN_PASSWORD });
    expect(rotated.status).toBe(200);

    clock.advance(60_000);
    const code = totpCode(secret, clock.ms);
    const disableBare = await browser.post(API_PATHS.twoFactorDisable, { code });
    expect(disableBare.status).toBe(400);
    expect(fieldOf(disableBare)).toBe('currentPassword');
    // Wrong passwords and wrong codes here spend the sign-in's budget (one is already spent above).
    const wrongCode = totpCode(secret, clock.ms + 10 * 60_000);
    expect(
      (await browser.post(API_PATHS.twoFactorDisable, { code, currentPassword: 'wrong password' })).status,
    ).toBe(400);
    expect(
      (await browser.post(API_PATHS.twoFactorDisable, { code: wrongCode, currentPassword: ADMIN_PASSWORD }))
        .status,
    ).toBe(400);
    const throttled = await browser.post(API_PATHS.twoFactorDisable, {
      code,
      currentPassword: ADMIN_PASSWORD,
    });
    expect(throttled.status).toBe(429);
    expect((await browser.get(API_PATHS.twoFactor)).json()).toEqual({ enabled: true, pending: false });

    clock.advance(16 * 60_000);
    const disabled = await browser.post(API_PATHS.twoFactorDisable, {
      code: totpCode(secret, clock.ms),
      currentPassword: ADMIN_PASSWORD,
    });
    expect(disabled.status).toBe(200);
    expect((await browser.get(API_PATHS.twoFactor)).json()).toEqual({ enabled: false, pending: false });
  });
});

describe('a guesser cannot lock the owner out', () => {
  /** A browser whose requests come from `ip` (the server trusts one proxy hop). */
  const from = (cairn: RunningCairn, ip: string) => {
    const browser = new TestBrowser(cairn.url);
    const headers = { 'x-forwarded-for': ip };
    return {
      signIn: async (password: string) => {
        if (browser.cookies.size === 0) await browser.get(API_PATHS.mode, { headers });
        return (await browser.post(API_PATHS.signIn, { login: 'admin', password }, { headers })).status;
      },
    };
  };

  it('counts failures per account and address, under a larger cap per account across addresses', async () => {
    const cairn = await start({
      trustProxy: true,
      signInMaxFailuresPerAccountAndIp: 3,
      signInMaxFailuresPerAccount: 8,
      signInMaxFailuresPerIp: 20,
    });
    const attacker = from(cairn, '203.0.113.9');
    for (let n = 0; n < 3; n++) expect(await attacker.signIn('wrong password')).toBe(401);
    // The guesser's address is locked out of the account, even with the right password...
    expect(await attacker.signIn('wrong password')).toBe(429);
    expect(await attacker.signIn(ADMIN_PASSWORD)).toBe(429);
    // ...and the owner, from another address, is not.
    expect(await from(cairn, '198.51.100.7').signIn(ADMIN_PASSWORD)).toBe(200);
    // The owner's sign-in lets the guesser's address off nothing.
    expect(await attacker.signIn(ADMIN_PASSWORD)).toBe(429);

    // Guesses spread over addresses meet the account's cap: 4 addresses with 2 failures each.
    for (let address = 1; address <= 4; address++) {
      const guesser = from(cairn, `192.0.2.${address}`);
      for (let n = 0; n < 2; n++) expect(await guesser.signIn('wrong password')).toBe(401);
    }
    expect(await from(cairn, '192.0.2.5').signIn('wrong password')).toBe(429);
    expect(await from(cairn, '198.51.100.7').signIn(ADMIN_PASSWORD)).toBe(429);
  });
});
