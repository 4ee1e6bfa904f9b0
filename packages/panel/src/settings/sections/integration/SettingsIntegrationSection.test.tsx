import type { IntegrationAccount } from '@cairn/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';

const TOKEN = 'EAAGpanel0123456789abcdefTOKEN';

/** The integration routes in memory, answering as the server does (never the token). */
function integrationServer() {
  const accounts: IntegrationAccount[] = [];
  const sent: unknown[] = [];
  const routes = [
    on('GET', '/api/integrations/accounts', () => json({ items: accounts })),
    on('POST', '/api/integrations/accounts', async (request) => {
      const body = (await request.json()) as { name: string; accessToken: string; platform: string };
      sent.push(body);
      if (body.accessToken.length < 20) {
        return json(
          {
            message: 'accessToken: Paste the whole access token',
            errors: [{ message: 'Paste the whole access token', detail: { field: 'accessToken' } }],
          },
          400,
        );
      }
      const account: IntegrationAccount = {
        id: accounts.length + 1,
        platform: 'meta',
        name: body.name,
        hasAccessToken: true,
        checkState: 'unchecked',
        checkedAt: null,
        checkError: null,
        createdAt: '2026-12-07T10:00:00.000Z',
        updatedAt: '2026-12-07T10:00:00.000Z',
      };
      accounts.push(account);
      return json(account, 201);
    }),
    on('POST', '/api/integrations/accounts/1/check', () => {
      const account = accounts[0] as IntegrationAccount;
      Object.assign(account, {
        checkState: 'failed',
        checkedAt: '2026-12-07T10:05:00.000Z',
        checkError: 'Error validating access token: Session has expired',
      });
      return json({ ok: false, identity: null, error: account.checkError, tokenExpired: true, account });
    }),
    on('DELETE', '/api/integrations/accounts/1', () => {
      accounts.splice(0, 1);
      return json({ ok: true });
    }),
  ];
  return { routes, sent };
}

describe('Settings > Integration', () => {
  it('connects a Meta account, shows a failed check, and deletes it after asking', async () => {
    const server = integrationServer();
    renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Main business');
    await user.type(screen.getByLabelText('Access token'), 'short');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Paste the whole access token')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Access token'));
    await user.type(screen.getByLabelText('Access token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const list = await screen.findByRole('list', { name: 'Integration accounts' });
    expect(within(list).getByText('Main business', { selector: 'strong' })).toBeInTheDocument();
    expect(within(list).getByText('Not checked yet')).toBeInTheDocument();
    // The form is emptied and the token is nowhere on the page.
    expect(screen.getByLabelText('Access token')).toHaveValue('');
    expect(document.body.textContent).not.toContain(TOKEN);
    expect(server.sent).toEqual([
      { platform: 'meta', name: 'Main business', accessToken: 'short' },
      { platform: 'meta', name: 'Main business', accessToken: TOKEN },
    ]);
    await user.click(within(list).getByRole('button', { name: 'Check connection of Main business' }));
    expect(await within(list).findByText(/^Check failed .*Session has expired$/)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Delete Main business' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
  });
});
