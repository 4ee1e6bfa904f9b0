import type { PostbackLogEntry } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { statsSettingsRoutes } from '../reports/testData.ts';
import { outcomeText } from './outcome.ts';

const CLICK = '01kf3m2x9q7v5t4s3r2p1n0';

function entry(id: number, fields: Partial<PostbackLogEntry>): PostbackLogEntry {
  return {
    id,
    receivedAt: new Date(Date.UTC(2026, 2, 2, 12, 0, 0) - id * 1000).toISOString(),
    via: 'postback',
    ip: '203.0.113.7',
    clickId: CLICK,
    query: `clickid=${CLICK}&status=approved&key=***`,
    httpStatus: 200,
    outcome: 'recorded',
    message: '',
    conversionSeq: 1,
    ...fields,
  };
}

const ENTRIES: PostbackLogEntry[] = [
  entry(4, {
    outcome: 'refused',
    httpStatus: 403,
    ip: '198.51.100.77',
    message: 'missing or wrong postback key',
    query: `clickid=${CLICK}&payout=3&key=***<script>`,
  }),
  entry(3, { outcome: 'ignored', message: 'duplicate postback' }),
  entry(2, { outcome: 'updated', message: 'pending -> approved' }),
  entry(1, { outcome: 'recorded' }),
];

function postbacksRoute(requests: URL[]): Route {
  return on('GET', '/api/postbacks', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    const outcomes = url.searchParams.get('outcome')?.split(',');
    return json({
      rows: ENTRIES.filter((row) => !outcomes || outcomes.includes(row.outcome)),
      nextCursor: null,
    });
  });
}

function renderPage(routes: Route[]) {
  return renderApp('/postbacks', [
    ...signedInAs(),
    ...statsSettingsRoutes({ timezone: 'Europe/Berlin', baseCurrency: 'USD', rates: {} }),
    ...routes,
  ]);
}

describe('postbacks page', () => {
  it('lists every postback newest first with its outcome in words, sender, click and masked query', async () => {
    const requests: URL[] = [];
    renderPage([postbacksRoute(requests)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Postbacks' })).toBeInTheDocument();
    expect(document.title).toBe('Postbacks - Cairn');
    const grid = screen.getByRole('grid', { name: 'Postbacks' });
    const rejected = await within(grid).findByRole('row', {
      name: /Rejected: missing or wrong postback key/,
    });
    expect(rejected).toHaveTextContent('198.51.100.77');
    expect(rejected).toHaveTextContent(CLICK);
    // 12:00 UTC less 4 s is 12:59:56 PM in Berlin.
    expect(rejected.textContent).toMatch(/Mar 2, 2026, 12:59:56\sPM/);
    // Shown as text: the query's markup stays characters.
    expect(rejected).toHaveTextContent('key=***<script>');
    expect(grid.querySelector('script')).toBeNull();
    expect(
      within(grid).getByRole('row', { name: /Duplicate\/ignored: duplicate postback/ }),
    ).toBeInTheDocument();
    expect(within(grid).getByRole('row', { name: /Status change: pending -> approved/ })).toBeInTheDocument();
    expect(within(grid).getByRole('row', { name: /Accepted/ })).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({
      preset: 'today',
      timezone: 'Europe/Berlin',
      limit: '500',
    });
  });

  it('asks for the outcomes chosen and for one click id', async () => {
    const requests: URL[] = [];
    renderPage([postbacksRoute(requests)]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Postbacks' });
    await within(grid).findByRole('row', { name: /Accepted/ });
    await user.click(screen.getByRole('combobox', { name: 'Outcomes' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));
    await waitFor(() =>
      expect(requests.at(-1)?.searchParams.get('outcome')).toBe('refused,invalid,unknown_click,error'),
    );
    await waitFor(() => expect(within(grid).queryByRole('row', { name: /Accepted/ })).toBeNull());
    await user.type(screen.getByRole('textbox', { name: 'Click ID' }), ` ${CLICK} {Enter}`);
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('clickId')).toBe(CLICK));
  });

  it('opens the click a postback named', async () => {
    const details: string[] = [];
    renderPage([
      postbacksRoute([]),
      on('GET', `/api/clicks/${CLICK}`, (request) => {
        details.push(request.url);
        return json({
          click: {
            time: '2026-03-02T11:00:00.000Z',
            click_id: CLICK,
            campaign: { value: 3, name: 'Summer sale' },
          },
          conversions: [],
        });
      }),
    ]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Postbacks' });
    const rejected = await within(grid).findByRole('row', { name: /Rejected/ });
    await user.click(within(rejected).getByRole('button', { name: CLICK }));
    const dialog = await screen.findByRole('dialog', { name: 'Click' });
    expect(await within(dialog).findByText('Summer sale')).toBeInTheDocument();
    expect(within(dialog).getByText('No conversion for this click.')).toBeInTheDocument();
    expect(details).toHaveLength(1);
  });

  it("shows the server's refusal", async () => {
    renderPage([on('GET', '/api/postbacks', () => json({ message: 'Permission denied' }, 403))]);
    expect(await screen.findByText(/Permission denied/)).toBeInTheDocument();
  });
});

describe('outcome words', () => {
  it('says why a postback was turned away, with a reason even when none was stored', () => {
    expect(outcomeText({ outcome: 'unknown_click', message: 'unknown click' })).toBe(
      'Rejected: unknown click',
    );
    expect(outcomeText({ outcome: 'invalid', message: '' })).toBe('Rejected: malformed postback');
    expect(outcomeText({ outcome: 'updated', message: '' })).toBe('Status change');
    expect(outcomeText({ outcome: 'recorded', message: 'ignored text' })).toBe('Accepted');
  });
});
