import type { ClearSummary, RetentionSettings } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../../app/testing.ts';
import { listedCampaign } from '../testCampaign.ts';

const campaigns = on('GET', '/api/campaign', () =>
  json({
    items: [listedCampaign(1, 'Alpha'), listedCampaign(2, 'Beta'), listedCampaign(3, 'Gamma')],
    total: 3,
    page: 1,
    pageSize: 500,
  }),
);

const saved: RetentionSettings = {
  enabled: false,
  keepDays: 90,
  exceptions: [{ campaignId: 3, keepDays: null }],
};

function renderSection(role: string, ...routes: Route[]) {
  return renderApp('/settings/auto-clearing', [
    ...signedInAs({ role }),
    ...routes,
    campaigns,
    on('GET', '/api/settings/auto_clearing', () => json(saved)),
  ]);
}

describe('settings/auto-clearing', () => {
  it('saves the days kept and the campaign exceptions', async () => {
    const bodies: unknown[] = [];
    renderSection(
      'admin',
      on('PUT', '/api/settings/auto_clearing', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(body);
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Auto-clearing', level: 2 })).toBeInTheDocument();
    expect(document.title).toBe('Auto-clearing - Settings - Cairn');
    const user = userEvent.setup();
    const enabled = await screen.findByRole('switch', { name: 'Clear old raw clicks automatically' });
    expect(enabled).not.toBeChecked();
    await user.click(enabled);
    const days = screen.getByRole('spinbutton', { name: 'Days of raw clicks kept' });
    expect(days).toHaveValue('90');
    await user.clear(days);
    await user.type(days, '30');
    // The saved exception shows its campaign by name.
    expect(await screen.findByRole('button', { name: 'Remove Gamma' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add an exception' }));
    await user.click(screen.getByRole('combobox', { name: 'Campaign 2' }));
    await user.click(await screen.findByRole('option', { name: 'Beta' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Days kept for campaign 2' }), '180');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          enabled: true,
          keepDays: 30,
          exceptions: [
            { campaignId: 3, keepDays: null },
            { campaignId: 2, keepDays: 180 },
          ],
        },
      ]),
    );
    expect(
      await screen.findByText(/Raw clicks older than 30 days are cleared within the hour/),
    ).toBeInTheDocument();
  });

  it('checks what it can before sending, and shows what the server refuses at its field', async () => {
    const bodies: unknown[] = [];
    renderSection(
      'admin',
      on('PUT', '/api/settings/auto_clearing', async (request) => {
        bodies.push(await request.json());
        return json(
          {
            message: 'Invalid request: exceptions.0.campaignId: No campaign with id 3',
            errors: [{ message: 'No campaign with id 3', detail: { field: 'exceptions.0.campaignId' } }],
          },
          400,
        );
      }),
    );
    const user = userEvent.setup();
    const days = await screen.findByRole('spinbutton', { name: 'Days of raw clicks kept' });
    await user.clear(days);
    await user.click(screen.getByRole('button', { name: 'Add an exception' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(days).toHaveAccessibleDescription(expect.stringContaining('Whole days from 1 to 3650'));
    expect(screen.getByRole('combobox', { name: 'Campaign 2' })).toHaveAccessibleDescription(
      expect.stringContaining('Pick a campaign'),
    );
    expect(bodies).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove exception 2' }));
    await user.type(days, '7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(await screen.findByRole('combobox', { name: 'Campaign 1' })).toHaveAccessibleDescription(
      expect.stringContaining('No campaign with id 3'),
    );
  });

  it('clears by hand only after saying what it will remove', async () => {
    const previews: unknown[] = [];
    const clears: unknown[] = [];
    const summary: ClearSummary = {
      before: '2026-06-14T18:30:00.000Z',
      timezone: 'Asia/Kolkata',
      campaignIds: null,
      keptCampaignIds: [3],
      clicks: 1234,
      events: 1500,
    };
    renderSection(
      'admin',
      on('POST', '/api/settings/auto_clearing/preview', async (request) => {
        previews.push(await request.json());
        return json(summary);
      }),
      on('POST', '/api/settings/auto_clearing/clear', async (request) => {
        clears.push(await request.json());
        return json(summary);
      }),
    );
    const user = userEvent.setup();
    const day = await screen.findByLabelText('Before the day');
    await user.click(screen.getByRole('button', { name: 'Clear now…' }));
    expect(day).toHaveAccessibleDescription(expect.stringContaining('Pick a day'));
    await user.type(day, '2026-06-15');
    await user.click(screen.getByRole('button', { name: 'Clear now…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear raw clicks?' });
    expect(previews).toEqual([{ before: '2026-06-15', campaignIds: [] }]);
    expect(clears).toEqual([]);
    expect(dialog).toHaveTextContent(
      '1,234 raw clicks (1,500 events with their lander clicks and conversions) recorded before 2026-06-15 (midnight in Asia/Kolkata), of every campaign but Gamma (kept by their exceptions), will be removed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(clears).toEqual([{ before: '2026-06-15', campaignIds: [] }]));
    expect(await screen.findByText('Cleared 1,234 raw clicks (1,500 events).')).toBeInTheDocument();
  });

  it('says so when there is nothing to clear, and removes nothing', async () => {
    const clears: unknown[] = [];
    renderSection(
      'admin',
      on('POST', '/api/settings/auto_clearing/preview', () =>
        json({
          before: '2026-01-01T00:00:00.000Z',
          timezone: 'UTC',
          campaignIds: [1],
          keptCampaignIds: [],
          clicks: 0,
          events: 0,
        }),
      ),
      on('POST', '/api/settings/auto_clearing/clear', () => {
        clears.push(true);
        return json({});
      }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Before the day'), '2026-01-01');
    await user.click(screen.getByRole('combobox', { name: 'Campaigns to clear' }));
    await user.click(await screen.findByRole('option', { name: 'Alpha' }));
    await user.click(screen.getByRole('button', { name: 'Clear now…' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing to clear');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(clears).toEqual([]);
  });

  it('is no tab of a plain user, whom the server answers nothing', async () => {
    renderSection('user');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.queryByRole('link', { name: 'Auto-clearing' })).toBeNull();
    expect(screen.getByText('Your account may not see the auto-clearing settings.')).toBeInTheDocument();
  });
});
