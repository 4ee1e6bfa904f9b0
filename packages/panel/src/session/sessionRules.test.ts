import { describe, expect, it, vi } from 'vitest';
import { fakeServer, json, on } from '../app/testing.ts';
import { createApiClient } from '../http/client.ts';
import { installSessionRules, type SessionRuleDeps } from './sessionRules.ts';

function setup(alive: boolean, here = '/offers?page=2', ...routes: Parameters<typeof fakeServer>) {
  const server = fakeServer(...routes);
  const client = createApiClient({ fetch: server.fetch, logger: { error: vi.fn() } });
  const deps = {
    navigate: vi.fn(),
    currentPath: () => here,
    recheckSession: vi.fn(async () => alive),
    showLicenseError: vi.fn(),
    toastError: vi.fn(),
  } satisfies SessionRuleDeps;
  const uninstall = installSessionRules(client, deps);
  return { client, deps, uninstall };
}

const lost = () => json({ message: 'AUTHENTICATION_ERROR: sign in required' }, 401);

describe('session rules', () => {
  it('re-checks on a 401 and goes to sign-in with returnTo when the session is gone', async () => {
    const { client, deps } = setup(false, '/offers?page=2', on('GET', '/api/offer', lost));
    await client.get('/api/offer');
    expect(deps.recheckSession).toHaveBeenCalledOnce();
    expect(deps.navigate).toHaveBeenCalledWith('/login?returnTo=%2Foffers%3Fpage%3D2');
  });

  it('treats AUTHENTICATION_ERROR in a body as session loss whatever the status', async () => {
    const { client, deps } = setup(
      false,
      '/trends',
      on('GET', '/api/report', () => json({ errors: [{ message: 'AUTHENTICATION_ERROR' }] }, 200)),
    );
    await client.get('/api/report');
    expect(deps.navigate).toHaveBeenCalledWith('/login?returnTo=%2Ftrends');
  });

  it('stays when the re-check finds the session alive', async () => {
    const { client, deps } = setup(true, '/offers', on('GET', '/api/offer', lost));
    await client.get('/api/offer');
    expect(deps.recheckSession).toHaveBeenCalledOnce();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('shares one re-check between calls failing together', async () => {
    const { client, deps } = setup(
      false,
      '/offers',
      on('GET', '/api/offer', lost),
      on('GET', '/api/group', lost),
    );
    let answer: (alive: boolean) => void = () => {};
    deps.recheckSession.mockImplementation(() => new Promise<boolean>((resolve) => (answer = resolve)));
    const calls = Promise.all([client.get('/api/offer'), client.get('/api/group')]);
    // Both failures reach the rule while the first re-check is still out.
    await vi.waitFor(() => expect(deps.recheckSession).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    answer(false);
    await calls;
    expect(deps.recheckSession).toHaveBeenCalledOnce();
    expect(deps.navigate).toHaveBeenCalledTimes(2);
  });

  it.each(['/api/user/logout', '/api/user/sign_in', '/api/user/sign_in/two_factor'])(
    'exempts %s',
    async (path) => {
      const { client, deps } = setup(false, '/offers', on('POST', path, lost));
      await client.post(path);
      expect(deps.recheckSession).not.toHaveBeenCalled();
      expect(deps.navigate).not.toHaveBeenCalled();
    },
  );

  it('shows the licence error on sign-in after a 402 anywhere', async () => {
    const { client, deps } = setup(
      true,
      '/offers',
      on('GET', '/api/offer', () =>
        json({ error: 'License not found', trackerId: 'TR-7', message: 'x' }, 402),
      ),
    );
    await client.get('/api/offer');
    expect(deps.showLicenseError).toHaveBeenCalledWith({ error: 'License not found', trackerId: 'TR-7' });
    expect(deps.navigate).toHaveBeenCalledWith('/login?returnTo=%2Foffers');
  });

  it('applies to a download streamed past the interceptors: a 401 signs out, a 402 shows the licence', async () => {
    const { client, deps } = setup(
      false,
      '/settings/import-export',
      on('GET', '/api/export/events', (request) =>
        new URL(request.url).searchParams.get('format') === 'csv'
          ? lost()
          : json({ error: 'License expired', trackerId: 'TR-7' }, 402),
      ),
    );
    const signal = new AbortController().signal;
    const signedOut = await client.stream(
      '/api/export/events',
      new URLSearchParams({ format: 'csv' }),
      signal,
    );
    expect(signedOut).toMatchObject({ status: 'access-denied', httpStatus: 401 });
    expect(deps.navigate).toHaveBeenCalledWith('/login?returnTo=%2Fsettings%2Fimport-export');
    const expired = await client.stream(
      '/api/export/events',
      new URLSearchParams({ format: 'parquet' }),
      signal,
    );
    expect(expired).toMatchObject({ status: 'license-expired', httpStatus: 402 });
    expect(deps.showLicenseError).toHaveBeenCalledWith({ error: 'License expired', trackerId: 'TR-7' });
  });

  it('hands a streamed success on unread, past the interceptors', async () => {
    const { client, deps } = setup(
      true,
      '/settings/import-export',
      on('GET', '/api/export/events', () => new Response('a,b\n1,2\n', { status: 200 })),
    );
    const answer = await client.stream(
      '/api/export/events',
      new URLSearchParams(),
      new AbortController().signal,
    );
    if (answer.status !== 'ok') throw new Error(answer.message);
    expect(answer.data.bodyUsed).toBe(false);
    expect(await answer.data.text()).toBe('a,b\n1,2\n');
    expect(deps.recheckSession).not.toHaveBeenCalled();
  });

  it('stays on sign-in when a 402 arrives there', async () => {
    const { client, deps } = setup(
      true,
      '/login?returnTo=%2Foffers',
      on('GET', '/api/offer', () => json({ error: 'License expired', trackerId: 'TR-7' }, 402)),
    );
    await client.get('/api/offer');
    expect(deps.showLicenseError).toHaveBeenCalledOnce();
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it('raises the 410 demo message and the 504 message as error toasts', async () => {
    const { client, deps } = setup(
      true,
      '/offers',
      on('POST', '/api/offer', () => json({ message: 'demo' }, 410)),
      on('GET', '/api/report', () => new Response('upstream timeout', { status: 504 })),
    );
    await client.post('/api/offer');
    await client.get('/api/report');
    expect(deps.toastError).toHaveBeenNthCalledWith(
      1,
      expect.stringMatching(/^This feature is unavailable in the demo version\. However/),
    );
    expect(deps.toastError).toHaveBeenNthCalledWith(
      2,
      'Gateway timeout. Simplify the request or try again later.',
    );
  });

  it('stops once uninstalled', async () => {
    const { client, deps, uninstall } = setup(false, '/offers', on('GET', '/api/offer', lost));
    uninstall();
    await client.get('/api/offer');
    expect(deps.recheckSession).not.toHaveBeenCalled();
  });
});
