import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ServicesContext } from '../../app/services.ts';
import { fakeServer, json, on, testServices } from '../../app/testing.ts';
import { campaigns as fixtureCampaigns } from '../../stories/fixtures.ts';
import { CostUpdateButton, type CostUpdateDefaults } from './CostUpdateButton.tsx';

const listed = fixtureCampaigns.slice(0, 3);
const campaigns = on('GET', '/api/campaign', () =>
  json({ items: listed, total: listed.length, page: 1, pageSize: 500 }),
);

function renderButton(...routes: Parameters<typeof fakeServer>) {
  return renderButtonWith(undefined, ...routes);
}

function renderButtonWith(
  defaults: CostUpdateDefaults | undefined,
  ...routes: Parameters<typeof fakeServer>
) {
  const server = fakeServer(campaigns, ...routes);
  const services = testServices(server.fetch);
  render(
    <ServicesContext.Provider value={services}>
      <QueryClientProvider client={services.queryClient}>
        <CostUpdateButton defaults={defaults} />
      </QueryClientProvider>
    </ServicesContext.Provider>,
  );
  return server;
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Update costs' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update costs' });
  return { user, dialog };
}

describe('update costs', () => {
  it("sends a zone's billed cost for the days picked and says what the clicks cost now", async () => {
    const sent: unknown[] = [];
    renderButton(
      on('POST', '/api/costs', async (request) => {
        sent.push(await request.json());
        return json({
          from: '2026-11-30T00:00:00.000Z',
          to: '2026-12-01T00:00:00.000Z',
          clicks: 1520,
          previousCostMicros: 76_000_000,
          costMicros: 152_400_000,
          currency: 'USD',
          changedClicks: 1520,
        });
      }),
    );
    const { user } = await openDialog();
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Keto EU - Search generic' }));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-30');
    const to = screen.getByLabelText('To (the whole day)');
    await user.clear(to);
    await user.type(to, '2026-11-30');
    await user.type(screen.getByLabelText('Cost'), '152.40');
    await user.click(screen.getByRole('combobox', { name: 'Clicks' }));
    await user.click(await screen.findByRole('option', { name: 'Token 2 equals' }));
    await user.type(screen.getByLabelText('Token 2 value'), ' zone-4411 ');
    await user.click(screen.getByRole('button', { name: 'Set cost' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1520 clicks now cost $152.40 together (before: $76.00).',
    );
    expect(sent).toEqual([
      {
        campaignId: 2,
        from: '2026-11-30',
        to: '2026-11-30',
        costMicros: 152_400_000,
        currency: null,
        token: { slot: 2, value: 'zone-4411' },
      },
    ]);
  });

  it('marks what it cannot send, and shows the refusals the server gives at their fields', async () => {
    const server = renderButton(
      on('POST', '/api/costs', () =>
        json(
          {
            message: 'Invalid request',
            errors: [
              {
                message: 'No clicks of the campaign in the range to spread a cost over',
                detail: { field: 'from' },
              },
            ],
          },
          400,
        ),
      ),
    );
    const { user } = await openDialog();
    await user.type(screen.getByLabelText('Cost'), '1.2345678');
    await user.click(screen.getByRole('button', { name: 'Set cost' }));
    expect(await screen.findByRole('combobox', { name: 'Campaign' })).toHaveAccessibleDescription(
      'Pick a campaign',
    );
    expect(screen.getByLabelText('Cost')).toHaveAccessibleDescription(/at most 6 decimals/);
    expect(server.calls).not.toContain('POST /api/costs');
    await user.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await user.click(await screen.findByRole('option', { name: 'Keto EU - Search brand' }));
    await user.clear(screen.getByLabelText('Cost'));
    await user.type(screen.getByLabelText('Cost'), '10');
    await user.click(screen.getByRole('button', { name: 'Set cost' }));
    expect(await screen.findByText(/No clicks of the campaign in the range/)).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(/No clicks of the campaign/);
  });

  it('starts from the campaign and period a report shows', async () => {
    const sent: unknown[] = [];
    renderButtonWith(
      { campaignId: 3, from: '2026-11-01', to: '2026-11-03' },
      on('POST', '/api/costs', async (request) => {
        sent.push(await request.json());
        return json({
          from: '2026-11-01T00:00:00.000Z',
          to: '2026-11-04T00:00:00.000Z',
          clicks: 1,
          previousCostMicros: 0,
          costMicros: 2_000_000,
          currency: 'USD',
          changedClicks: 1,
        });
      }),
    );
    const { user } = await openDialog();
    expect(await screen.findByRole('combobox', { name: 'Campaign' })).toHaveTextContent(
      'Solar US - Lookalike 2%',
    );
    await user.type(screen.getByLabelText('Cost'), '2');
    await user.click(screen.getByRole('button', { name: 'Set cost' }));
    await screen.findByRole('status');
    expect(sent).toMatchObject([
      { campaignId: 3, from: '2026-11-01', to: '2026-11-03', costMicros: 2_000_000 },
    ]);
  });
});
