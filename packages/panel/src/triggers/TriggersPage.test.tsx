import { NO_CUSTOM_EVENTS, type Trigger, type TriggerBacktest, type TriggerRunList } from '@cairn/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';

// The Triggers page against a fake server: the list with state, last firing and a failing channel; the
// form that creates a trigger (secrets sent once, field messages from the server under their fields);
// and a trigger's backtest and run history with the numbers.

const metrics = {
  ...NO_CUSTOM_EVENTS,
  clicks: 412,
  uniqueClicks: 400,
  lpViews: 0,
  lpClicks: 0,
  lpCtr: 0,
  leads: 1,
  leadsApproved: 1,
  leadsPending: 0,
  leadsDeclined: 0,
  cr: 0.24,
  revenue: 2_000_000,
  cost: 4_120_000,
  profit: -2_120_000,
  roi: -51.456,
  epc: 4854,
  cpc: 10_000,
};

const trigger: Trigger = {
  id: 7,
  name: 'Losing zones',
  enabled: true,
  dryRun: false,
  scope: { dimension: 'token_1', filters: { campaign: [3], traffic_source: [2] } },
  window: { unit: 'hours', amount: 6 },
  conditions: {
    combine: 'and',
    items: [
      { metric: 'clicks', operator: '>=', value: 300 },
      { metric: 'roi', operator: '<', value: -40 },
    ],
  },
  minClicks: 100,
  checkEveryMinutes: 15,
  cooldownMinutes: 360,
  actions: [{ type: 'slack', secretSet: true }],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lastCheckedAt: '2026-11-22T10:15:00.000Z',
  lastFiredAt: '2026-11-22T09:45:00.000Z',
  channelError: 'Action 1 (slack): answered 404',
};

const firing = {
  at: '2026-11-22T09:45:00.000Z',
  key: '2:zone-<b>9</b>',
  dimension: 'token_1' as const,
  value: 'zone-<b>9</b>',
  name: 'zone-<b>9</b>',
  trafficSourceId: 2,
  metrics,
};

const runs: TriggerRunList = {
  items: [
    {
      id: 1,
      at: '2026-11-22T09:45:00.000Z',
      outcome: 'failed',
      dryRun: false,
      checked: 12,
      skippedMinimum: 4,
      skippedCooldown: 0,
      firings: [firing],
      errors: ['Action 1 (slack): answered 404'],
    },
  ],
};

const backtest: TriggerBacktest = {
  from: '2026-11-15T10:30:00.000Z',
  to: '2026-11-22T10:30:00.000Z',
  stepMinutes: 15,
  checks: 672,
  firings: [firing],
};

function routes(posted: unknown[]): Route[] {
  return [
    ...signedInAs(),
    on('GET', '/api/triggers', () => json({ items: [trigger] })),
    on('GET', '/api/triggers/7/runs', () => json(runs)),
    on('GET', '/api/trigger-attention', () =>
      json({
        items: [
          {
            domainId: 4,
            host: 'trk.example',
            reason: 'trk.example does not resolve (ENOTFOUND)',
            markedAt: '2026-11-22T10:00:00.000Z',
            triggerId: null,
          },
        ],
      }),
    ),
    on('POST', '/api/trigger-attention/check', () =>
      json({
        items: [{ domainId: 4, host: 'trk.example', problem: 'trk.example does not resolve (ENOTFOUND)' }],
      }),
    ),
    on('DELETE', '/api/trigger-attention/4', () => {
      posted.push('cleared 4');
      return json({ ok: true });
    }),
    on('PUT', '/api/triggers/7', async (request) => {
      posted.push(await request.json());
      return json(trigger);
    }),
    on('POST', '/api/triggers/7/backtest', async (request) => {
      posted.push(await request.json());
      return json(backtest);
    }),
    on('POST', '/api/triggers', async (request) => {
      const body = (await request.json()) as { name: string };
      posted.push(body);
      if (body.name === 'bad') {
        return json(
          {
            message: 'Invalid input',
            errors: [{ message: 'An http(s) URL', detail: { field: 'actions.0.url' } }],
          },
          400,
        );
      }
      return json({ ...trigger, id: 8, name: body.name }, 201);
    }),
  ];
}

describe('Triggers page', () => {
  it('lists triggers with their state, last firing and a failing channel', async () => {
    renderApp('/triggers', routes([]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Triggers' })).toBeInTheDocument();
    expect(await screen.findByText('Losing zones')).toBeInTheDocument();
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(screen.getByText(/Last firing: Nov 22, 2026, 9:45 AM UTC/)).toBeInTheDocument();
    expect(screen.getByText('Notification failing: Action 1 (slack): answered 404')).toBeInTheDocument();
    expect(screen.getByText(/clicks >= 300 AND roi < -40/)).toBeInTheDocument();
  });

  it('shows the server’s field messages under the fields of a refused trigger', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderApp('/triggers', routes(posted));
    await user.click(await screen.findByRole('button', { name: 'New trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trigger' });
    await user.type(within(dialog).getByLabelText('Name'), 'bad');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await user.click(within(dialog).getByLabelText('Webhook URL'));
    await user.paste('ftp://nope');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('An http(s) URL')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the fields marked below');
    expect(posted[0]).toMatchObject({
      name: 'bad',
      dryRun: true,
      enabled: false,
      scope: { dimension: 'campaign', filters: {} },
      window: { unit: 'hours', amount: 1 },
      conditions: { combine: 'and', items: [{ metric: 'clicks', operator: '>=', value: 300 }] },
      actions: [{ type: 'webhook', url: 'ftp://nope' }],
    });
  });

  it('creates a trigger with the conditions built in the form', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderApp('/triggers', routes(posted));
    await user.click(await screen.findByRole('button', { name: 'New trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'New trigger' });
    await user.type(within(dialog).getByLabelText('Name'), 'Good');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(posted[0]).toMatchObject({
      name: 'Good',
      conditions: {
        items: [
          { metric: 'clicks', operator: '>=', value: 300 },
          { metric: 'roi', operator: '<', value: 0 },
        ],
      },
    });
  });

  it('backtests a trigger and shows its run history with the numbers, names as text', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderApp('/triggers', routes(posted));
    await user.click(await screen.findByRole('button', { name: 'Backtest and history of Losing zones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Losing zones: backtest and history' });
    expect(await within(dialog).findByText('failed')).toBeInTheDocument();
    expect(
      within(dialog).getByText('12 rows checked, 4 under the minimum, 0 cooling down'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('1 firings in 672 checks every 15 minutes');
    expect(posted).toEqual([{ days: 7 }]);
    const table = within(status).getByRole('table', { name: 'Backtest firings' });
    expect(within(table).getByText('zone-<b>9</b> (source 2)')).toBeInTheDocument();
    expect(within(table).getByText('-51.46%')).toBeInTheDocument();
    expect(within(table).getByText('412')).toBeInTheDocument();
  });

  it('saves an edit without the stored secret and with the filters it does not edit', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderApp('/triggers', routes(posted));
    await user.click(await screen.findByRole('button', { name: 'Edit Losing zones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Losing zones' });
    expect(within(dialog).getByLabelText('Slack webhook URL')).toHaveValue('');
    expect(within(dialog).getByText('Stored; leave empty to keep it')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(posted[0]).toMatchObject({
      name: 'Losing zones',
      scope: { dimension: 'token_1', filters: { campaign: [3], traffic_source: [2] } },
      window: { unit: 'hours', amount: 6 },
      minClicks: 100,
      cooldownMinutes: 360,
      actions: [{ type: 'slack' }],
    });
    expect((posted[0] as { actions: object[] }).actions[0]).toEqual({ type: 'slack' });
  });

  it('lists domains needing attention, checks them now and clears a mark', async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    renderApp('/triggers', routes(posted));
    expect(await screen.findByText('trk.example does not resolve (ENOTFOUND)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check domains now' }));
    expect(await screen.findByText('1 domains checked, 1 failing')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the mark of trk.example' }));
    await expect.poll(() => posted).toEqual(['cleared 4']);
  });
});
