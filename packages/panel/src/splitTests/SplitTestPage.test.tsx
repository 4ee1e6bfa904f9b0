import type { SplitTestItem, SplitTestResponse } from '@cairn/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, signedInAs } from '../app/testing.ts';
import { namesRoute, statsSettingsRoutes } from '../reports/testData.ts';

function item(id: number, name: string, clicks: number, leads: number, pBest: number): SplitTestItem {
  const cr = (leads * 100) / clicks;
  return {
    id,
    name,
    clicks,
    leads,
    cr,
    crInterval: { low: cr * 0.8, high: cr * 1.2 },
    revenue: leads * 2_000_000,
    epc: (leads * 2_000_000) / clicks,
    epcInterval: { low: ((cr * 0.8) / 100) * 2_000_000, high: ((cr * 1.2) / 100) * 2_000_000 },
    pBest,
    enoughData: clicks >= 100 && leads >= 10,
  };
}

const answer: SplitTestResponse = {
  campaignId: 3,
  range: { from: '2026-02-23T23:00:00.000Z', to: '2026-03-02T23:00:00.000Z' },
  groups: [
    {
      path: 'c3:0:1',
      pathName: 'Default paths: Path 1',
      kind: 'offer',
      items: [item(5, 'Keto EU', 2000, 80, 0.97), item(6, 'Keto US', 1900, 50, 0.03)],
      winner: 5,
      leader: 5,
      note: null,
    },
    {
      path: 'c3:1:1',
      pathName: 'Mobile: Path 1',
      kind: 'landing',
      items: [item(8, 'Quiz', 60, 2, 0.7), item(9, 'Advertorial', 55, 1, 0.3)],
      winner: null,
      leader: 8,
      note: 'Too few data to call a winner: no lander has reached 100 clicks and 10 conversions yet.',
    },
  ],
};

describe('split test page', () => {
  it('shows a table per path with the winner highlighted, the leader named and the note', async () => {
    const requests: URL[] = [];
    renderApp('/campaigns/split-test/3', [
      ...signedInAs({}),
      ...statsSettingsRoutes(),
      namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
      on('GET', '/api/campaign/3/split-test', (request) => {
        requests.push(new URL(request.url));
        return json(answer);
      }),
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Split test: Summer sale', level: 1 }),
    ).toBeInTheDocument();
    const offers = await screen.findByRole('table', { name: 'Default paths: Path 1: offers' });
    const winner = within(offers).getByRole('row', { name: /Keto EU/ });
    expect(winner).toHaveTextContent('Winner');
    expect(winner).toHaveTextContent('2,000');
    expect(winner).toHaveTextContent('4.00%');
    expect(winner).toHaveTextContent('3.20% – 4.80%');
    expect(winner).toHaveTextContent('€0.08');
    expect(winner).toHaveTextContent('97.00%');
    expect(within(offers).getByRole('row', { name: /Keto US/ })).not.toHaveTextContent('Winner');

    const landers = screen.getByRole('table', { name: 'Mobile: Path 1: landers' });
    expect(within(landers).getByRole('row', { name: /Quiz/ })).toHaveTextContent('Leading');
    expect(within(landers).queryByText('Winner')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent('no lander has reached 100 clicks');
    expect(screen.getByText(/Beta\(1 \+ conversions/)).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({ timezone: 'Europe/Berlin' });
  });

  it('says so when no path rotated several items', async () => {
    renderApp('/campaigns/split-test/3', [
      ...signedInAs({ hideProfit: true }),
      ...statsSettingsRoutes(),
      namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
      on('GET', '/api/campaign/3/split-test', () => json({ ...answer, groups: [] })),
    ]);
    expect(await screen.findByText('No split test in this period')).toBeInTheDocument();
  });

  it('hides columns the server left out', async () => {
    const bare = (full: SplitTestItem): SplitTestItem => {
      const { leads: _leads, revenue: _revenue, epc: _epc, epcInterval: _interval, ...rest } = full;
      return rest;
    };
    const first = answer.groups[0];
    if (!first) throw new Error('no group');
    renderApp('/campaigns/split-test/3', [
      ...signedInAs({ hideProfit: true }),
      ...statsSettingsRoutes(),
      namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
      on('GET', '/api/campaign/3/split-test', () =>
        json({ ...answer, groups: [{ ...first, items: first.items.map(bare) }] }),
      ),
    ]);
    const table = await screen.findByRole('table', { name: 'Default paths: Path 1: offers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Offer', 'Clicks', 'CR', 'CR 95% interval', 'P(best)']);
  });
});
