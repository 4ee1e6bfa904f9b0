import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route } from '../app/testing.ts';
import { currentUserDataVersion, currentUserStorageKey } from '../stores/currentUser.ts';

const noSession = on('GET', '/api/user/role', () =>
  json({ message: 'AUTHENTICATION_ERROR: sign in required' }, 401),
);

function renderSignIn(path: string, ...routes: Route[]) {
  let signedIn = false;
  const { services, server, current } = renderApp(path, [
    on('GET', '/api/user/role', () =>
      signedIn
        ? json({ id: '1', role: 'admin', username: 'ann' })
        : json({ message: 'AUTHENTICATION_ERROR: sign in required' }, 401),
    ),
    ...routes,
    on('GET', '/api/mode', () => json({ mode: 'normal' })),
  ]);
  return {
    services,
    server,
    current,
    markSignedIn: () => {
      signedIn = true;
    },
  };
}

async function submitCredentials(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Login/), login);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in page', () => {
  it('signs in and goes to returnTo', async () => {
    const state = renderSignIn(
      '/login?returnTo=%2Foffers',
      on('POST', '/api/user/sign_in', async (request) => {
        expect(await request.json()).toEqual({ login: 'ann', password: 'secret-pass' });
        state.markSignedIn();
        return json({ status: 'ok' });
      }),
    );
    await submitCredentials('ann', 'secret-pass');
    await waitFor(() => expect(state.current()).toBe('/panel/offers'));
  });

  it('goes to campaigns without a returnTo', async () => {
    const state = renderSignIn(
      '/login',
      on('POST', '/api/user/sign_in', () => {
        state.markSignedIn();
        return json({ status: 'ok' });
      }),
    );
    await submitCredentials('ann', 'pw');
    await waitFor(() => expect(state.current()).toBe('/panel/campaigns'));
  });

  it('asks for the two-factor code when the server needs it, then signs in', async () => {
    const state = renderSignIn(
      '/login',
      on('POST', '/api/user/sign_in', () => json({ status: 'need_two_factor' })),
      on('POST', '/api/user/sign_in/two_factor', async (request) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456') return json({ message: 'Wrong or already used two-factor code' }, 401);
        state.markSignedIn();
        return json({ status: 'ok' });
      }),
    );
    const user = await submitCredentials('ann', 'pw');
    const codeField = await screen.findByLabelText(/Two-factor code/);
    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong or already used two-factor code');
    await user.clear(codeField);
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(state.current()).toBe('/panel/campaigns'));
  });

  it('says "Wrong username or password" on a 401', async () => {
    renderSignIn(
      '/login',
      on('POST', '/api/user/sign_in', () => json({ message: 'whatever the server says' }, 401)),
    );
    await submitCredentials('ann', 'bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong username or password');
  });

  it('shows the licence error with the tracker id on a 402', async () => {
    renderSignIn(
      '/login',
      on('POST', '/api/user/sign_in', () =>
        json({ error: 'License expired', trackerId: 'TR-3', message: 'License expired' }, 402),
      ),
    );
    await submitCredentials('ann', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'License error: License expired. Tracker ID: TR-3',
    );
  });

  it('shows the fixed License not found text with the tracker id', async () => {
    renderSignIn(
      '/login',
      on('POST', '/api/user/sign_in', () =>
        json({ error: 'License not found', trackerId: 'TR-4', message: 'License not found' }, 402),
      ),
    );
    await submitCredentials('ann', 'pw');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('License not found. Your tracker ID is TR-4.');
    expect(alert).toHaveTextContent('second-generation version of Cairn');
  });

  it('shows any other error text from the server', async () => {
    renderSignIn(
      '/login',
      on('POST', '/api/user/sign_in', () =>
        json({ message: 'Too many sign-in attempts, try again later' }, 429),
      ),
    );
    await submitCredentials('ann', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts, try again later');
  });

  it('offers the demo sign-in only in demo mode', async () => {
    const user = userEvent.setup();
    const state = renderSignIn(
      '/login',
      on('GET', '/api/mode', () => json({ mode: 'demo' })),
      on('POST', '/api/user/sign_in', async (request) => {
        const body = (await request.json()) as { login: string };
        if (body.login !== 'demo') return json({ message: 'Wrong username or password' }, 401);
        state.markSignedIn();
        return json({ status: 'ok' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Sign in to the demo' }));
    await waitFor(() => expect(state.current()).toBe('/panel/campaigns'));
  });

  it('has no demo sign-in in normal mode', async () => {
    renderSignIn('/login', noSession);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByRole('button', { name: 'Sign in to the demo' })).toBeNull();
  });

  it('shows the licence error alone when the user was also turned away', async () => {
    // A user was signed in in this browser: their lost session is worth an "Access denied".
    localStorage.setItem(
      currentUserStorageKey,
      JSON.stringify({
        version: currentUserDataVersion,
        data: { id: '1', username: 'ann', role: 'admin', canCreateUsers: true, isHideProfit: false },
      }),
    );
    const { services, current } = renderSignIn('/offers');
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied');
    act(() => services.licenseError.set({ error: 'License expired', trackerId: 'TR-3' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'License error: License expired. Tracker ID: TR-3',
    ]);
  });
});
