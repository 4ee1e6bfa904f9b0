import type { CostSyncMapping, IntegrationAccount } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';
import { pushUs } from '../testCampaign.ts';

const account = (id: number, platform: IntegrationAccount['platform'], name: string): IntegrationAccount => ({
  id,
  platform,
  name,
  hasAccessToken: true,
  checkState: 'ok',
  checkedAt: '2026-12-07T10:00:00.000Z',
  checkError: null,
  createdAt: '2026-12-07T10:00:00.000Z',
  updatedAt: '2026-12-07T10:00:00.000Z',
});

/** The cost sync routes in memory, answering as the server does: a sync records its outcome on the mapping. */
function costSyncServer() {
  const mappings: CostSyncMapping[] = [];
  const sent: unknown[] = [];
  const accounts = [
    account(1, 'meta', 'Main business'),
    account(2, 'propellerads', 'Push buyer'),
    account(3, 'google_ads', 'Search ads'),
    account(4, 'tiktok', 'Video ads'),
    account(5, 'mgid', 'Native widgets'),
  ];
  const routes = [
    on('GET', '/api/integrations/accounts', () => json({ items: accounts })),
    on('GET', '/api/integrations/conversions-out', () => json({ items: [] })),
    on('GET', '/api/traffic_source', () => json({ items: [], total: 0, page: 1, pageSize: 500 })),
    on('GET', '/api/campaign', () => json({ items: [pushUs], total: 1, page: 1, pageSize: 500 })),
    on('GET', '/api/cost-sync/mappings', () => json({ items: mappings })),
    on('POST', '/api/cost-sync/mappings', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      if (!/^\d+$/.test(String(body.sourceCampaignId))) {
        return json(
          {
            message: 'sourceCampaignId: The campaign id at the source',
            errors: [{ message: 'The campaign id at the source', detail: { field: 'sourceCampaignId' } }],
          },
          400,
        );
      }
      const mapping = {
        id: mappings.length + 1,
        platform: 'propellerads',
        lastSyncAt: null,
        lastOutcome: 'never',
        lastError: null,
        lastPreviousCostMicros: null,
        lastCostMicros: null,
        createdAt: '2026-12-07T10:00:00.000Z',
        updatedAt: '2026-12-07T10:00:00.000Z',
        ...body,
      } as CostSyncMapping;
      mappings.push(mapping);
      return json(mapping, 201);
    }),
    on('POST', '/api/cost-sync/sync', async (request) => {
      sent.push(await request.json());
      const mapping = mappings[0] as CostSyncMapping;
      Object.assign(mapping, {
        lastSyncAt: '2026-12-07T10:05:00.000Z',
        lastOutcome: 'ok',
        lastPreviousCostMicros: 250_000,
        lastCostMicros: 3_300_123,
      });
      return json({
        runs: [
          {
            id: 1,
            mappingId: mapping.id,
            campaignId: 7,
            startedAt: '2026-12-07T10:05:00.000Z',
            fromDay: '2026-12-05',
            toDay: '2026-12-07',
            outcome: 'ok',
            error: null,
            tokenExpired: false,
            rateLimited: false,
            previousCostMicros: 250_000,
            costMicros: 3_300_123,
            targets: 3,
            changedClicks: 4,
          },
        ],
      });
    }),
    on('DELETE', '/api/cost-sync/mappings/1', () => {
      mappings.splice(0, 1);
      return json({ ok: true });
    }),
  ];
  return { routes, sent, mappings };
}

/** The cost sync card with Push US chosen and spend taken from `account`. */
async function mapPushUsFrom(account: string) {
  const server = costSyncServer();
  renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('combobox', { name: 'Campaign' }));
  await user.click(await screen.findByRole('option', { name: 'Push US' }));
  await user.click(screen.getByRole('combobox', { name: 'Spend from' }));
  await user.click(await screen.findByRole('option', { name: account }));
  return { server, user };
}

describe('Settings > Integration > Cost sync', () => {
  it('maps a campaign to a push campaign with its zone token, syncs it and shows the difference', async () => {
    const { server, user } = await mapPushUsFrom('Push buyer');
    // A push network reports zones and names no ad account.
    expect(screen.queryByLabelText('Ad account id')).toBeNull();
    await user.type(screen.getByLabelText('Zone token slot (optional)'), '1');
    await user.type(screen.getByLabelText('Campaign id at the source'), 'abc');
    const map = screen.getByRole('button', { name: 'Map campaign' });
    await user.click(map);
    expect(await screen.findByText('The campaign id at the source')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Campaign id at the source'));
    await user.type(screen.getByLabelText('Campaign id at the source'), '7001');
    await user.click(map);
    const list = await screen.findByRole('list', { name: 'Cost sync mappings' });
    expect(await within(list).findByText('Not synced yet')).toBeInTheDocument();
    expect(within(list).getByText(/from Push buyer, campaign 7001, zones in t1/)).toBeInTheDocument();
    expect(server.sent.at(-1)).toEqual({
      campaignId: 7,
      accountId: 2,
      sourceAccountId: '',
      sourceCampaignId: '7001',
      zoneTokenSlot: 1,
      enabled: true,
    });

    await user.click(within(list).getByRole('button', { name: 'Sync now: Push US' }));
    expect(await within(list).findByText(/^Synced .*: cost 0\.25 → 3\.300123$/)).toBeInTheDocument();
    expect(server.sent.at(-1)).toEqual({ mappingId: 1 });

    await user.click(within(list).getByRole('button', { name: 'Remove cost sync of Push US' }));
    await waitFor(() => expect(within(list).queryByRole('listitem')).toBeNull());
  });

  it('asks for the ad account id when the account is Meta', async () => {
    const server = costSyncServer();
    renderApp('/settings/integration', [...signedInAs(), ...server.routes]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Spend from' }));
    await user.click(await screen.findByRole('option', { name: 'Main business' }));
    expect(screen.getByLabelText('Ad account id')).toBeInTheDocument();
    expect(screen.queryByLabelText('Zone token slot (optional)')).toBeNull();
  });

  it('asks for the advertiser id for TikTok, and nothing besides the campaign for Google Ads', async () => {
    const { server, user } = await mapPushUsFrom('Video ads');
    expect(screen.queryByLabelText('Zone token slot (optional)')).toBeNull();
    await user.type(screen.getByLabelText('Advertiser id'), '7000000000000000001');
    await user.type(screen.getByLabelText('Campaign id at the source'), '1790000000000001');
    await user.click(screen.getByRole('button', { name: 'Map campaign' }));
    await waitFor(() =>
      expect(server.sent.at(-1)).toEqual({
        campaignId: 7,
        accountId: 4,
        sourceAccountId: '7000000000000000001',
        sourceCampaignId: '1790000000000001',
        zoneTokenSlot: null,
        enabled: true,
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Spend from' }));
    await user.click(await screen.findByRole('option', { name: 'Search ads' }));
    expect(screen.queryByLabelText('Advertiser id')).toBeNull();
    expect(screen.queryByLabelText('Ad account id')).toBeNull();
    expect(screen.queryByLabelText('Zone token slot (optional)')).toBeNull();
  });

  it('offers the widget token slot for MGID, whose credentials already name the client', async () => {
    const { server, user } = await mapPushUsFrom('Native widgets');
    expect(screen.queryByLabelText('Ad account id')).toBeNull();
    expect(screen.queryByLabelText('Advertiser id')).toBeNull();
    await user.type(screen.getByLabelText('Zone token slot (optional)'), '2');
    await user.type(screen.getByLabelText('Campaign id at the source'), '901');
    await user.click(screen.getByRole('button', { name: 'Map campaign' }));
    await waitFor(() =>
      expect(server.sent.at(-1)).toEqual({
        campaignId: 7,
        accountId: 5,
        sourceAccountId: '',
        sourceCampaignId: '901',
        zoneTokenSlot: 2,
        enabled: true,
      }),
    );
  });
});
