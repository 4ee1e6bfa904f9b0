import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, on } from '../app/testing.ts';
import { createApiClient } from '../http/client.ts';
import { checkForUpdates, fetchMode, isDemoMode, signIn } from './calls.ts';

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
