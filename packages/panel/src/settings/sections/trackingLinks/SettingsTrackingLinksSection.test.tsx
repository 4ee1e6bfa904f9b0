import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../../app/testing.ts';

function linksOf(host: string, isDefault: boolean) {
  const base = `https://${host}`;
  return {
    host,
    baseUrl: base,
    isDefault,
    clickUrl: `${base}/click?key={campaign_key}`,
    lpClickUrl: `${base}/click?lp=1`,
    postbackUrl: `${base}/postback?clickid={clickid}&payout={payout}&status={status}&txid={txid}&key=K3y`,
    conversionPixelUrl: `${base}/conversion.gif?clickid={clickid}&key=K3y`,
  };
}

function renderLinks(path: string, ...routes: Route[]) {
  return renderApp(path, [...signedInAs({ role: 'user' }), ...routes]);
}

describe('settings/tracking-links', () => {
  it("is where /settings leads, with each domain's four links to copy, the default domain first", async () => {
    const user = userEvent.setup();
    const { current } = renderLinks(
      '/settings',
      on('GET', '/api/tracking/links', () =>
        json({
          domains: [linksOf('b.example', false), linksOf('track.example', true)],
          previousPostbackKeys: 0,
          postback: { path: '/postback', key: 'K3y' },
        }),
      ),
    );
    const regions = await screen.findAllByRole('region', { name: /^Tracking links for / });
    expect(current()).toBe('/panel/settings/tracking-links');
    expect(document.title).toBe('Tracking links - Settings - Cairn');
    expect(regions.map((region) => region.getAttribute('aria-label'))).toEqual([
      'Tracking links for track.example',
      'Tracking links for b.example',
    ]);
    const main = regions[0] as HTMLElement;
    expect(within(main).getByText('Default')).toBeInTheDocument();
    expect(within(main).getByLabelText('Click URL on track.example')).toHaveValue(
      'https://track.example/click?key={campaign_key}',
    );
    expect(within(main).getByLabelText('LP click URL on track.example')).toHaveValue(
      'https://track.example/click?lp=1',
    );
    expect(within(main).getByLabelText('Postback URL on track.example')).toHaveValue(
      'https://track.example/postback?clickid={clickid}&payout={payout}&status={status}&txid={txid}&key=K3y',
    );
    expect(within(main).getByLabelText('Conversion pixel on track.example')).toHaveValue(
      'https://track.example/conversion.gif?clickid={clickid}&key=K3y',
    );
    expect(within(main).getAllByRole('button', { name: 'Copy' })).toHaveLength(4);
    // Each link says where it goes.
    expect(within(main).getByText(/into the traffic source/)).toBeInTheDocument();
    expect(within(main).getByText(/call-to-action/)).toBeInTheDocument();
    expect(within(main).getByText(/affiliate network's postback \(S2S\) field/)).toBeInTheDocument();
    expect(within(main).getByText(/without S2S postbacks/)).toBeInTheDocument();
    expect(within(regions[1] as HTMLElement).queryByText('Default')).toBeNull();
    // Rotating the key is an admin's: a user is told so.
    expect(screen.getByText('Only admins rotate the postback key.')).toBeInTheDocument();

    await user.click(within(main).getAllByRole('button', { name: 'Copy' })[2] as HTMLElement);
    expect(await navigator.clipboard.readText()).toBe(
      'https://track.example/postback?clickid={clickid}&payout={payout}&status={status}&txid={txid}&key=K3y',
    );
  });

  it('lets an admin rotate the postback key, then retire the old one', async () => {
    const user = userEvent.setup();
    let previous = 0;
    const calls: string[] = [];
    renderApp('/settings/tracking-links', [
      ...signedInAs({ role: 'admin' }),
      on('GET', '/api/tracking/links', () =>
        json({
          domains: [linksOf('track.example', true)],
          previousPostbackKeys: previous,
          postback: { path: '/postback', key: 'K3y' },
        }),
      ),
      on('POST', '/api/settings/postback-keys/rotate', () => {
        calls.push('rotate');
        previous = 1;
        return json({ currentKey: 'N3w', previousKeys: 1 });
      }),
      on('POST', '/api/settings/postback-keys/retire', () => {
        calls.push('retire');
        previous = 0;
        return json({ currentKey: 'N3w', previousKeys: 0 });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Rotate key' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rotate key' }),
    );
    expect(await screen.findByText(/An older key still works/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retire old keys' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retire old keys' }),
    );
    await waitFor(() => expect(screen.queryByText(/An older key still works/)).toBeNull());
    expect(calls).toEqual(['rotate', 'retire']);
  });

  it('says why the links are missing when the call fails', async () => {
    renderLinks(
      '/settings/tracking-links',
      on('GET', '/api/tracking/links', () => json({ message: 'Database is locked' }, 500)),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The tracking links could not be loaded');
    expect(alert).toHaveTextContent('Database is locked');
  });
});
