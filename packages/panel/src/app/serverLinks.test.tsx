import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { configurePanelLinks } from '../http/config.ts';
import { renderApp } from './renderApp.tsx';
import { json, on, type Route, signedInAs } from './testing.ts';

const links = {
  trial: 'https://tracker.example/trial',
  support: 'https://tracker.example/support',
  telegram: 'https://t.me/tracker_support',
  licenseLogin: 'https://tracker.example/login',
};

function demoRefusal(): Route[] {
  return [
    ...signedInAs(),
    on('GET', '/api/user/two_factor', () => json({ enabled: false, pending: false })),
    on('POST', '/api/user/two_factor/enable', () =>
      json({ message: 'This feature is unavailable in the demo version' }, 410),
    ),
  ];
}

async function raiseDemoToast() {
  const user = userEvent.setup();
  const twoFactor = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
  await user.type(twoFactor.getByLabelText(/^Current password/), 'current password');
  await user.click(twoFactor.getByRole('button', { name: 'Turn on two-factor sign-in' }));
  const [toast] = await screen.findAllByText(/This feature is unavailable in the demo version\. However/);
  if (!toast) throw new Error('no demo toast');
  return toast;
}

afterEach(() => configurePanelLinks({}));

describe('links of the demo and licence messages', () => {
  it('links the demo toast to the trial, support and Telegram pages the server names', async () => {
    renderApp('/settings/user', [
      on('GET', '/api/mode', () => json({ mode: 'demo', links })),
      ...demoRefusal(),
    ]);
    const toast = await raiseDemoToast();
    for (const href of [links.trial, links.support, links.telegram]) {
      expect(within(toast).getByRole('link', { name: href })).toHaveAttribute('href', href);
    }
  });

  it('words the demo toast without links when the server names none', async () => {
    renderApp('/settings/user', [on('GET', '/api/mode', () => json({ mode: 'demo' })), ...demoRefusal()]);
    const toast = await raiseDemoToast();
    expect(toast).toHaveTextContent(
      'Simply register and contact our support team for assistance, or write to us on Telegram.',
    );
    expect(within(toast).queryByRole('link')).toBeNull();
  });

  it('links the licence-not-found text to the configured login page', async () => {
    const { current } = renderApp('/offers', [
      on('GET', '/api/mode', () => json({ mode: 'normal', links: { licenseLogin: links.licenseLogin } })),
      on('GET', '/api/user/role', () =>
        json({ error: 'License not found', trackerId: 'TR-5', message: 'License not found' }, 402),
      ),
    ]);
    await waitFor(() => expect(current()).toBe('/panel/login?returnTo=%2Foffers'));
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(within(alert).getByRole('link', { name: links.licenseLogin })).toBeInTheDocument(),
    );
    expect(alert).toHaveTextContent('Your tracker ID is TR-5');
  });

  it('names the login page without an address when none is configured', async () => {
    renderApp('/login', [
      on('GET', '/api/mode', () => json({ mode: 'normal' })),
      on('GET', '/api/user/role', () =>
        json({ error: 'License not found', trackerId: 'TR-5', message: 'License not found' }, 402),
      ),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("on the provider's login page.");
    expect(within(alert).queryByRole('link')).toBeNull();
  });
});
