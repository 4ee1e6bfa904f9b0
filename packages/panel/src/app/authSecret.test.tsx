import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from './renderApp.tsx';
import { authSecretStorageKey } from './services.ts';
import { json, on, signedInAs } from './testing.ts';

const secretRoutes = [
  ...signedInAs(),
  on('GET', '/api/user/two_factor', () => json({ enabled: false, pending: false })),
  on('GET', '/api/auth/secret', () => json({ secret: 'link-secret-1' })),
];

describe('the read-only link secret', () => {
  it('is kept for the tab only, never in local storage', async () => {
    renderApp('/settings/user', secretRoutes);
    expect(await screen.findByDisplayValue('link-secret-1')).toBeInTheDocument();
    expect(localStorage.getItem(authSecretStorageKey)).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('link-secret-1');
    expect(sessionStorage.getItem(authSecretStorageKey)).toContain('link-secret-1');
  });

  it('removes a copy an older panel left in local storage', () => {
    localStorage.setItem(
      authSecretStorageKey,
      JSON.stringify({ data: 'old-secret', expiresAt: Date.now() + 60_000 }),
    );
    renderApp('/login', []);
    expect(localStorage.getItem(authSecretStorageKey)).toBeNull();
  });

  it('forgets the previous user’s secret when another user signs in in the same tab', async () => {
    sessionStorage.setItem(
      authSecretStorageKey,
      JSON.stringify({ data: 'their-secret', expiresAt: Date.now() + 60_000 }),
    );
    const { services } = renderApp('/settings/user', secretRoutes, (fresh) => {
      fresh.currentUser.set({
        id: '9',
        username: 'previous',
        role: 'admin',
        canCreateUsers: true,
        isHideProfit: false,
      });
    });
    // The card shows a cached secret at once: it must not be the previous user's.
    expect(await screen.findByText('Read-only links')).toBeInTheDocument();
    expect(screen.queryByDisplayValue('their-secret')).toBeNull();
    expect(await screen.findByDisplayValue('link-secret-1')).toBeInTheDocument();
    expect(services.authSecret.getSnapshot()).toBe('link-secret-1');
  });
});
