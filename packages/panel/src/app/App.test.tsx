import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from './renderApp.tsx';
import { json, on, type Route } from './testing.ts';

const adminRole = { id: '1', role: 'super_admin', username: 'admin' };
const signedIn: Route[] = [
  on('GET', '/api/user/role', () => json(adminRole)),
  on('GET', '/api/user/1/can_create_users', () => json({ canCreateUsers: true })),
  on('GET', '/api/user/1/hide_profit', () => json({ hideProfit: true })),
];
const signedOut: Route[] = [
  on('GET', '/api/user/role', () => json({ message: 'AUTHENTICATION_ERROR: sign in required' }, 401)),
  on('GET', '/api/mode', () => json({ mode: 'normal' })),
];

function renderAt(path: string, ...routes: Route[]) {
  return renderApp(path, routes);
}

describe('panel routing', () => {
  it('renders a page for a signed-in user with its title, and remembers the user', async () => {
    const { services, current } = renderAt('/offers', ...signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(document.title).toBe('Offers - Cairn');
    expect(current()).toBe('/panel/offers');
    await waitFor(() =>
      expect(services.currentUser.getSnapshot()).toEqual({
        id: '1',
        username: 'admin',
        role: 'super-admin',
        canCreateUsers: true,
        isHideProfit: true,
      }),
    );
  });

  it('falls back to the defaults when the flag calls fail', async () => {
    const { services } = renderAt(
      '/offers',
      on('GET', '/api/user/role', () => json({ ...adminRole, role: 'admin' })),
    );
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await waitFor(() => expect(services.currentUser.getSnapshot()?.role).toBe('admin'));
    expect(services.currentUser.getSnapshot()).toMatchObject({ canCreateUsers: true, isHideProfit: false });
  });

  it('sends a visitor without a session to sign-in with returnTo', async () => {
    const { current } = renderAt('/offers/edit/3', ...signedOut);
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers%2Fedit%2F3'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // Waited for as on every other route here: the sign-in page renders after the guard's redirect.
    await waitFor(() => expect(document.title).toBe('Sign in - Cairn'));
  });

  it('sends a signed-in user away from sign-in to campaigns', async () => {
    const { current } = renderAt('/login', ...signedIn);
    await waitFor(() => expect(current()).toBe('/panel/campaigns'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
  });

  it('redirects unknown paths to /404', async () => {
    const { current } = renderAt('/no/such/page', ...signedIn);
    await waitFor(() => expect(current()).toBe('/panel/404'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    expect(document.title).toBe('Not found - Cairn');
  });

  it('redirects /settings and /monitor/developer to their first section', async () => {
    const settings = renderAt('/settings', ...signedIn);
    await waitFor(() => expect(settings.current()).toBe('/panel/settings/tracking-links'));
    await waitFor(() => expect(document.title).toBe('Tracking links - Settings - Cairn'));
  });

  it('titles developer-monitor sections "... - Monitor for developers"', async () => {
    const { current } = renderAt('/monitor/developer', ...signedIn);
    await waitFor(() => expect(current()).toBe('/panel/monitor/developer/build-info'));
    await waitFor(() => expect(document.title).toBe('Build info - Monitor for developers - Cairn'));
    expect(await screen.findByText('Panel version')).toBeInTheDocument();
  });

  it('rechecks for updates on /update and goes to campaigns when there is none', async () => {
    const { current, server } = renderAt(
      '/update',
      ...signedIn,
      on('GET', '/updates/check', () =>
        json({ is_available_updates: false, current_version: '0.1.0', latest_version: '0.1.0', notes: '' }),
      ),
    );
    await waitFor(() => expect(current()).toBe('/panel/campaigns'));
    expect(server.calls).toContain('GET /updates/check');
    expect(await screen.findByText('Cairn is up to date (version 0.1.0).')).toBeInTheDocument();
  });

  it('shows the update page when a version is available', async () => {
    renderAt(
      '/update',
      ...signedIn,
      on('GET', '/updates/check', () =>
        json({
          is_available_updates: true,
          current_version: '0.1.0',
          latest_version: '0.2.0',
          notes: 'Faster reports',
        }),
      ),
    );
    expect(await screen.findByText('A new version is available')).toBeInTheDocument();
    expect(screen.getByText('0.2.0')).toBeInTheDocument();
    expect(screen.getByText('Faster reports')).toBeInTheDocument();
  });

  it('tells a plain user that updates are not theirs to check', async () => {
    renderAt(
      '/update',
      on('GET', '/api/user/role', () => json({ ...adminRole, role: 'user' })),
      on('GET', '/updates/check', () => json({ message: 'Permission denied' }, 403)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied');
  });

  it('says the monitor is broken when the update check fails on the server', async () => {
    renderAt(
      '/update',
      ...signedIn,
      on('GET', '/updates/check', () => json({ message: 'feed unreachable' }, 502)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Monitor and updating are not working. Please contact our support (the monitor observer is disabled)',
    );
  });

  it('drives the navigation progress bar around the guard and the page load', async () => {
    const { services } = renderAt('/offers', ...signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    expect(services.progress.start).toHaveBeenCalled();
    await waitFor(() => expect(services.progress.done).toHaveBeenCalled());
  });

  it('shows the monitor for developers in the menu only when its debug setting is on', async () => {
    const user = userEvent.setup();
    renderAt('/offers', ...signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeInTheDocument();
    for (const name of ['Update', 'Rollback', 'Domains', 'Groups']) {
      expect(screen.getByRole('menuitem', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('menuitem', { name: 'Monitor for developers' })).toBeNull();
    // A second panel with the setting on, rather than reopening the same menu: a reopening click on a
    // busy machine could land while the first menu was still closing.
    cleanup();
    renderApp('/offers', signedIn, (services) =>
      services.debugSettings.set({ isShowMonitorForDevelopersInMenu: true }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Monitor for developers' })).toBeInTheDocument();
  });

  it('runs the role call before every route', async () => {
    const user = userEvent.setup();
    const { server, current } = renderAt('/offers', ...signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    const roleCalls = () => server.calls.filter((call) => call === 'GET /api/user/role').length;
    const before = roleCalls();
    await user.click(screen.getByRole('link', { name: 'Landers' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landers' })).toBeInTheDocument();
    expect(current()).toBe('/panel/landings');
    expect(roleCalls()).toBe(before + 1);
  });

  it('shows only the latest of two quick navigations', async () => {
    let answerFirst: (response: Response) => void = () => {};
    let calls = 0;
    const { location, current } = renderAt(
      '/offers',
      on('GET', '/api/user/role', () => {
        calls += 1;
        // The first guard is slow; the user moves on before it answers.
        if (calls === 1) return new Promise<Response>((resolve) => (answerFirst = resolve));
        return json(adminRole);
      }),
    );
    location.navigate('/panel/trends');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trends' })).toBeInTheDocument();
    answerFirst(json(adminRole));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Trends');
    expect(current()).toBe('/panel/trends');
  });

  it('shows the twelve navigation tabs, and Postbacks to an admin', async () => {
    renderAt('/offers', ...signedIn);
    await screen.findByRole('heading', { level: 1, name: 'Offers' });
    const nav = screen.getByRole('navigation', { name: 'Sections' });
    const links = Array.from(nav.querySelectorAll('a')).map((link) => link.textContent);
    expect(links).toEqual([
      'Campaigns',
      'Offers',
      'Landers',
      'Aff. networks',
      'Traffic sources',
      'Rotations',
      'Trends',
      'Conversions',
      'Click log',
      'Postbacks',
      'Triggers',
      'Users',
      'Files',
    ]);
    expect(screen.getByRole('link', { name: 'Offers' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('access denied', () => {
  it('shows the server message on sign-in when the role call answers 403', async () => {
    const { current } = renderAt(
      '/offers',
      on('GET', '/api/user/role', () => json({ message: 'This account is disabled' }, 403)),
      on('GET', '/api/mode', () => json({ mode: 'normal' })),
    );
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: This account is disabled');
  });

  it('says nothing on a first visit, with nobody signed in before in this browser', async () => {
    const { current } = renderAt('/offers', ...signedOut);
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers'));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText(/Access denied/)).toBeNull();
  });

  it('shows the server message on sign-in when the role call answers 401 with AUTHENTICATION_ERROR', async () => {
    // Someone was signed in here: their session is what was refused.
    const { current } = renderApp('/offers', signedOut, (services) =>
      services.currentUser.set({
        id: '1',
        username: 'admin',
        role: 'admin',
        canCreateUsers: true,
        isHideProfit: false,
      }),
    );
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied: AUTHENTICATION_ERROR: sign in required',
    );
  });

  it('gives the reason when the session-loss re-check is refused too', async () => {
    let sessionAlive = true;
    const { current } = renderAt(
      '/rollback',
      on('GET', '/api/user/role', () =>
        sessionAlive
          ? json(adminRole)
          : json({ message: 'AUTHENTICATION_ERROR: the session has ended' }, 401),
      ),
      on('GET', '/api/mode', () => json({ mode: 'normal' })),
      on('GET', '/api/backups', () => {
        sessionAlive = false;
        return json({ message: 'AUTHENTICATION_ERROR: the session has ended' }, 401);
      }),
    );
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Frollback'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Access denied: AUTHENTICATION_ERROR: the session has ended',
    );
  });

  it('shows no reason on the sign-in screen opened directly', async () => {
    renderAt('/login', ...signedOut);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps where the user was when the role call answers 402', async () => {
    const { current } = renderAt(
      '/offers/edit/3',
      on('GET', '/api/user/role', () =>
        json({ error: 'License not found', trackerId: 'TR-2', message: 'License not found' }, 402),
      ),
      on('GET', '/api/mode', () => json({ mode: 'normal' })),
    );
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers%2Fedit%2F3'));
    expect(await screen.findByRole('alert')).toHaveTextContent('License not found. Your tracker ID is TR-2');
  });
});

describe('session rules', () => {
  it('re-checks the session on a 401 and sends the user to sign-in with returnTo when it is gone', async () => {
    let sessionAlive = true;
    const { current } = renderAt(
      '/rollback',
      on('GET', '/api/user/role', () =>
        sessionAlive ? json(adminRole) : json({ message: 'AUTHENTICATION_ERROR: sign in required' }, 401),
      ),
      on('GET', '/api/backups', () => {
        sessionAlive = false;
        return json({ message: 'AUTHENTICATION_ERROR: sign in required' }, 401);
      }),
    );
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Frollback'));
  });

  it('stays put when the re-check finds the session alive', async () => {
    const { current, server } = renderAt(
      '/rollback',
      ...signedIn,
      on('GET', '/api/backups', () => json({ message: 'AUTHENTICATION_ERROR in a sub-call' }, 200)),
    );
    await waitFor(() => expect(server.calls.filter((call) => call === 'GET /api/user/role')).toHaveLength(2));
    expect(current()).toBe('/panel/rollback');
  });

  it('shows the licence error on sign-in after a 402 anywhere', async () => {
    let licensed = true;
    const expired = () =>
      json({ error: 'License expired', trackerId: 'TR-9', message: 'License expired' }, 402);
    const { current } = renderAt(
      '/rollback',
      on('GET', '/api/user/role', () => (licensed ? json(adminRole) : expired())),
      on('GET', '/api/mode', () => json({ mode: 'normal' })),
      on('GET', '/api/backups', () => {
        licensed = false;
        return expired();
      }),
    );
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Frollback'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'License error: License expired. Tracker ID: TR-9',
    );
  });

  it('raises the demo message as a toast on a 410', async () => {
    const user = userEvent.setup();
    renderAt(
      '/settings/user',
      ...signedIn,
      on('GET', '/api/user/two_factor', () => json({ enabled: false, pending: false })),
      on('POST', '/api/user/two_factor/enable', () =>
        json({ message: 'This feature is unavailable in the demo version' }, 410),
      ),
    );
    const twoFactor = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
    await user.type(twoFactor.getByLabelText(/^Current password/), 'current password');
    await user.click(twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const toasts = await screen.findAllByText(/This feature is unavailable in the demo version\. However/);
    expect(toasts.length).toBeGreaterThan(0);
  });
});
