import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, on } from '../app/testing.ts';
import { createApiClient } from '../http/client.ts';
import {
  changePassword,
  checkForUpdates,
  disableTwoFactor,
  enableTwoFactor,
  fetchMode,
  isDemoMode,
  rotateAuthSecret,
  signIn,
} from './calls.ts';

function clientFor(...routes: Parameters<typeof fakeServer>) {
  return createApiClient({ fetch: fakeServer(...routes).fetch, logger: { error: vi.fn() } });
}

describe('mode', () => {
  it('reads demo as demo and anything else as normal', async () => {
    await expect(
      fetchMode(clientFor(on('GET', '/api/mode', () => json({ mode: 'demo' })))),
    ).resolves.toMatchObject({
      status: 'ok',
      data: 'demo',
    });
    await expect(
      fetchMode(clientFor(on('GET', '/api/mode', () => json({ mode: 'trial' })))),
    ).resolves.toMatchObject({ status: 'ok', data: 'normal' });
  });

  it('gives an error result with its message when the call fails, and counts as not demo', async () => {
    const client = clientFor(on('GET', '/api/mode', () => json({ message: 'Mode store down' }, 500)));
    await expect(fetchMode(client)).resolves.toMatchObject({
      status: 'server-error',
      message: 'Mode store down',
    });
    await expect(isDemoMode(client)).resolves.toBe(false);
  });
});

describe('update check', () => {
  it('says "Permission denied" to a plain user', async () => {
    const client = clientFor(
      on('GET', '/updates/check', () => json({ message: 'Forbidden for users' }, 403)),
    );
    await expect(checkForUpdates(client)).resolves.toMatchObject({
      status: 'access-denied',
      message: 'Permission denied',
    });
  });

  it('says the monitor is broken on a server error', async () => {
    const client = clientFor(on('GET', '/updates/check', () => json({ message: 'feed down' }, 503)));
    await expect(checkForUpdates(client)).resolves.toMatchObject({
      status: 'server-error',
      message:
        'Monitor and updating are not working. Please contact our support (the monitor observer is disabled)',
    });
  });
});

describe('sign-in call', () => {
  it('reports the two-factor step', async () => {
    const client = clientFor(on('POST', '/api/user/sign_in', () => json({ status: 'need_two_factor' })));
    await expect(signIn(client, 'a', 'b')).resolves.toEqual({
      status: 'ok',
      message: '',
      needTwoFactor: true,
    });
  });

  it('maps 401, 402 and other failures to their outcomes', async () => {
    const wrong = clientFor(on('POST', '/api/user/sign_in', () => json({ message: 'x' }, 401)));
    await expect(signIn(wrong, 'a', 'b')).resolves.toEqual({
      status: 'access-denied',
      message: 'Wrong username or password',
      needTwoFactor: false,
    });
    const licence = clientFor(
      on('POST', '/api/user/sign_in', () =>
        json({ error: 'License expired', trackerId: 'T1', message: 'x' }, 402),
      ),
    );
    await expect(signIn(licence, 'a', 'b')).resolves.toEqual({
      status: 'license-expired',
      message: 'License error: License expired. Tracker ID: T1',
      needTwoFactor: false,
      license: { error: 'License expired', trackerId: 'T1' },
    });
    const broken = clientFor(
      on('POST', '/api/user/sign_in', () => json({ message: 'Database locked' }, 500)),
    );
    await expect(signIn(broken, 'a', 'b')).resolves.toEqual({
      status: 'server-error',
      message: 'Database locked',
      needTwoFactor: false,
    });
  });
});

describe('account-security calls', () => {
  it('send the current password with each change, as the server asks for it again', async () => {
    const bodies: Record<string, unknown> = {};
    const record = (path: string, answer: unknown) =>
      on('POST', path, async (request) => {
        bodies[path] = await request.json();
        return json(answer);
      });
    const client = clientFor(
      record('/api/user/two_factor/enable', { secret: 'S', otpauthUri: 'otpauth://totp/x' }),
      record('/api/user/two_factor/disable', { status: 'ok' }),
      record('/api/auth/secret/rotate', { secret: 'new-secret' }),
      record('/api/user/password', { status: 'ok' }),
    );
    await expect(enableTwoFactor(client, 'pw 1')).resolves.toMatchObject({ status: 'ok' });
    await expect(disableTwoFactor(client, '123456', 'pw 2')).resolves.toMatchObject({ status: 'ok' });
    await expect(rotateAuthSecret(client, 'pw 3')).resolves.toMatchObject({
      status: 'ok',
      data: 'new-secret',
    });
    await expect(changePassword(client, 'pw 4', 'new password 4')).resolves.toMatchObject({ status: 'ok' });
    expect(bodies).toEqual({
      '/api/user/two_factor/enable': { currentPassword: 'pw 1' },
      '/api/user/two_factor/disable': { code: '123456', currentPassword: 'pw 2' },
      '/api/auth/secret/rotate': { currentPassword: 'pw 3' },
      '/api/user/password': { currentPassword: 'pw 4', newPassword: 'new password 4' },
    });
  });

  it("keeps a refusal's body, where the form finds the field it names", async () => {
    const refusal = {
      message: 'The current password is wrong',
      errors: [{ message: 'The current password is wrong', detail: { field: 'currentPassword' } }],
    };
    const client = clientFor(on('POST', '/api/auth/secret/rotate', () => json(refusal, 400)));
    await expect(rotateAuthSecret(client, 'wrong')).resolves.toMatchObject({
      status: 'error',
      httpStatus: 400,
      body: refusal,
    });
  });
});
