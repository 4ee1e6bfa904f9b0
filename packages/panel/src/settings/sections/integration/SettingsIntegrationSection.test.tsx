import type { IntegrationAccount } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';
import { pushUs } from '../testCampaign.ts';

const TOKEN = 'EAAGpanel0123456789abcdefTOKEN';
const facebook = {
  id: 4,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  name: 'Facebook',
  tokens: [],
  externalId: { parameter: 'fbclid', placeholder: '' },
  cost: null,
  postbackUrl: null,
  postbackPercent: 100,
  payoutPercent: 100,
  postbackMode: 'approved',
  trafficLossPercent: 0,
  templateId: 'facebook',
  notes: '',
  campaignUrlParams: '',
};

/** The integration routes in memory, answering as the server does (never the token). */
function integrationServer() {
  const accounts: IntegrationAccount[] = [];
  const sent: unknown[] = [];
  const outs: Record<string, unknown>[] = [];
  const campaignOuts: Record<string, unknown>[] = [];
  const routes = [
    on('GET', '/api/campaign', () => json({ items: [pushUs], total: 1, page: 1, pageSize: 500 })),
    on('GET', '/api/integrations/campaign-conversions-out', () => json({ items: campaignOuts })),
    on('PUT', '/api/integrations/campaign-conversions-out/7', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const out = { campaignId: 7, platform: 'meta', updatedAt: '2026-12-07T10:06:00.000Z', ...body };
      campaignOuts.splice(0, campaignOuts.length, out);
      return json(out);
    }),
    on('DELETE', '/api/integrations/campaign-conversions-out/7', () => {
      campaignOuts.splice(0);
      return json({ ok: true });
    }),
    on('GET', '/api/traffic_source', () => json({ items: [facebook], total: 1, page: 1, pageSize: 500 })),
    on('GET', '/api/integrations/conversions-out', () => json({ items: outs })),
    on('PUT', '/api/integrations/conversions-out/4', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const platform = accounts.find((one) => one.id === body.accountId)?.platform ?? 'meta';
      if (platform === 'meta' && !/^\d{5,20}$/.test(String(body.pixelId))) {
        return json(
          {
            message: 'pixelId: A pixel (dataset) id is 5 to 20 digits',
            errors: [{ message: 'A pixel (dataset) id is 5 to 20 digits', detail: { field: 'pixelId' } }],
          },
          400,
        );
      }
      const out = {
        trafficSourceId: 4,
        platform,
        eventName: 'Conversion',
        updatedAt: '2026-12-07T10:06:00.000Z',
        ...body,
      };
      outs.splice(0, outs.length, out);
      return json(out);
    }),
    on('DELETE', '/api/integrations/conversions-out/4', () => {
      outs.splice(0);
      return json({ ok: true });
    }),
    on('GET', '/api/integrations/accounts', () => json({ items: accounts })),
    on('POST', '/api/integrations/accounts', async (request) => {
      const body = (await request.json()) as {
        name: string;
        accessToken?: string;
        platform: IntegrationAccount['platform'];
      };
      sent.push(body);
      if (body.platform !== 'google_ads' && (body.accessToken ?? '').length < 20) {
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
        platform: body.platform,
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
  it('connects a Meta account, shows a failed check, sends a source to it, and deletes it after asking', async () => {
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
    server.sent.length = 0;
    await user.click(within(list).getByRole('button', { name: 'Check connection of Main business' }));
    expect(await within(list).findByText(/^Check failed .*Session has expired$/)).toBeInTheDocument();

    // The Facebook source sends its conversions to the account; a bad pixel id is named at its field.
    await user.click(await screen.findByRole('combobox', { name: 'Traffic source' }));
    await user.click(await screen.findByRole('option', { name: 'Facebook' }));
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Main business' }));
    await user.type(screen.getByLabelText('Pixel (dataset) id'), '12ab');
    const send = screen.getByRole('button', { name: "Send this source's conversions" });
    await user.click(send);
    expect(await screen.findByText('A pixel (dataset) id is 5 to 20 digits')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Pixel (dataset) id'));
    await user.type(screen.getByLabelText('Pixel (dataset) id'), '123456789012345');
    await user.click(send);
    const sending = await screen.findByRole('list', { name: 'Traffic sources sending conversions out' });
    expect(
      await within(sending).findByText(/^Facebook to Main business, pixel 123456789012345, as Purchase/),
    ).toBeInTheDocument();
    expect(server.sent.at(-1)).toEqual({
      accountId: 1,
      pixelId: '123456789012345',
      eventName: 'Purchase',
      enabled: true,
    });
    await user.click(within(sending).getByRole('button', { name: 'Stop sending Facebook' }));
    await waitFor(() => expect(within(sending).queryByRole('listitem')).toBeNull());
    await user.click(within(list).getByRole('button', { name: 'Delete Main business' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
  });

  it('connects a Google Ads account with its OAuth fields and sends a source to a conversion action', async () => {
    const server = integrationServer();
    renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(await screen.findByRole('option', { name: 'Google Ads click conversions' }));
    expect(screen.queryByLabelText('Access token')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Search');
    const secrets = {
      developerToken: 'DevToken-panel-0123',
      clientSecret: 'GOCSPX-panel-secret',
      refreshToken: '1//panel-refresh-token-0123456789',
    };
    await user.type(screen.getByLabelText('Developer token'), secrets.developerToken);
    await user.type(screen.getByLabelText('OAuth client id'), '42-x.apps.googleusercontent.com');
    await user.type(screen.getByLabelText('OAuth client secret'), secrets.clientSecret);
    await user.type(screen.getByLabelText('Refresh token'), secrets.refreshToken);
    await user.type(screen.getByLabelText('Customer id'), '123-456-7890');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const list = await screen.findByRole('list', { name: 'Integration accounts' });
    expect(within(list).getByText('Credentials stored')).toBeInTheDocument();
    // The optional manager id is left out when empty; nothing secret stays on the page.
    expect(server.sent).toEqual([
      {
        platform: 'google_ads',
        name: 'Search',
        googleAds: { ...secrets, clientId: '42-x.apps.googleusercontent.com', customerId: '123-456-7890' },
      },
    ]);
    for (const secret of Object.values(secrets)) expect(document.body.textContent).not.toContain(secret);
    expect(screen.getByLabelText('Refresh token')).toHaveValue('');

    await user.click(await screen.findByRole('combobox', { name: 'Traffic source' }));
    await user.click(await screen.findByRole('option', { name: 'Facebook' }));
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Search' }));
    // Google Ads takes a conversion action and no event name.
    expect(screen.queryByLabelText('Event name')).toBeNull();
    await user.type(screen.getByLabelText('Conversion action'), 'customers/1234567890/conversionActions/77');
    await user.click(screen.getByRole('button', { name: "Send this source's conversions" }));
    const sending = await screen.findByRole('list', { name: 'Traffic sources sending conversions out' });
    expect(
      await within(sending).findByText(
        /^Facebook to Search, conversion action customers\/1234567890\/conversionActions\/77/,
      ),
    ).toBeInTheDocument();
    expect(server.sent.at(-1)).toEqual({
      accountId: 1,
      pixelId: 'customers/1234567890/conversionActions/77',
      enabled: true,
    });
  });

  it("asks a TikTok account for its token, and a source for a pixel code and TikTok's event", async () => {
    const server = integrationServer();
    renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(await screen.findByRole('option', { name: 'TikTok Events API' }));
    expect(screen.queryByLabelText('Developer token')).toBeNull();
    await user.type(screen.getByLabelText('Name'), 'Shorts');
    await user.type(screen.getByLabelText('Access token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('list', { name: 'Integration accounts' });
    expect(server.sent).toEqual([{ platform: 'tiktok', name: 'Shorts', accessToken: TOKEN }]);
    await user.click(await screen.findByRole('combobox', { name: 'Traffic source' }));
    await user.click(await screen.findByRole('option', { name: 'Facebook' }));
    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Shorts' }));
    expect(screen.getByLabelText('Event name')).toHaveValue('CompletePayment');
    await user.type(screen.getByLabelText('Pixel code'), 'CABCDEF1234567890');
    await user.click(screen.getByRole('button', { name: "Send this source's conversions" }));
    const sending = await screen.findByRole('list', { name: 'Traffic sources sending conversions out' });
    expect(
      await within(sending).findByText(
        /^Facebook to Shorts, pixel code CABCDEF1234567890, as CompletePayment/,
      ),
    ).toBeInTheDocument();
  });

  it('connects an MGID account for cost sync with its client id and API token', async () => {
    const server = integrationServer();
    renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
    expect(await screen.findByText('No accounts yet')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Platform' }));
    await user.click(await screen.findByRole('option', { name: 'MGID (cost sync)' }));
    expect(
      screen.getByText(/client_id:token, for cost sync \(its spend by day and widget\)/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Developer token')).toBeNull();
    const credentials = '730001:0123456789abcdef0123456789abcdef';
    await user.type(screen.getByLabelText('Name'), 'Native widgets');
    await user.type(screen.getByLabelText('Access token'), credentials);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    const list = await screen.findByRole('list', { name: 'Integration accounts' });
    expect(within(list).getByText('Native widgets', { selector: 'strong' })).toBeInTheDocument();
    expect(server.sent).toEqual([{ platform: 'mgid', name: 'Native widgets', accessToken: credentials }]);
    expect(document.body.textContent).not.toContain(credentials);
  });

  it("sets one campaign's conversions apart from its source's, and drops the setting again", async () => {
    const server = integrationServer();
    renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Main business');
    await user.type(screen.getByLabelText('Access token'), TOKEN);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    await screen.findByRole('list', { name: 'Integration accounts' });
    server.sent.length = 0;
    // Most campaigns follow their source: the campaign form opens on demand.
    expect(screen.queryByRole('button', { name: "Send this campaign's conversions" })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Set a campaign apart' }));
    const send = await screen.findByRole('button', { name: "Send this campaign's conversions" });
    const form = send.closest('form') as HTMLElement;
    const campaignBox = within(form).getByRole('combobox', { name: 'Campaign' });
    await user.click(send);
    // Named at the field, beside the placeholder that says the same.
    await waitFor(() => expect(within(form).getAllByText('Choose a campaign')).toHaveLength(2));
    await user.click(campaignBox);
    await user.click(await screen.findByRole('option', { name: 'Push US' }));
    await user.click(within(form).getByRole('combobox', { name: 'Account' }));
    await user.click(await screen.findByRole('option', { name: 'Main business' }));
    await user.type(within(form).getByLabelText('Pixel (dataset) id'), '543210987654321');
    await user.clear(within(form).getByLabelText('Event name'));
    await user.type(within(form).getByLabelText('Event name'), 'Lead');
    await user.click(within(form).getByRole('button', { name: "Send this campaign's conversions" }));
    const apart = await screen.findByRole('list', { name: 'Campaigns with conversions out of their own' });
    expect(
      await within(apart).findByText(/^Push US to Main business, pixel 543210987654321, as Lead/),
    ).toBeInTheDocument();
    expect(server.sent).toEqual([
      { accountId: 1, pixelId: '543210987654321', eventName: 'Lead', enabled: true },
    ]);
    await user.click(within(apart).getByRole('button', { name: 'Stop sending Push US' }));
    await waitFor(() => expect(within(apart).queryByText(/^Push US to/)).toBeNull());
  });
});
