import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App.tsx';
import { fakeServer, json, offerItem, on, type Route, signedInAs, testServices } from '../app/testing.ts';
import { metrics, namesRoute, range, statsSettingsRoutes } from '../reports/testData.ts';

// The back button, with the browser's own history: a list's sort and a report's grouping are steps of it.

const offers = [offerItem(1, 'Alpha'), offerItem(2, 'Beta')];
const byId: Record<string, ReturnType<typeof metrics>> = {
  '1': metrics(100, 2, 20_000_000, 10_000_000),
  '2': metrics(300, 1, 5_000_000, 30_000_000),
};

function renderInBrowser(path: string, routes: Route[]) {
  window.history.replaceState(null, '', `/panel${path}`);
  const server = fakeServer(
    ...signedInAs(),
    ...statsSettingsRoutes({ timezone: 'UTC', baseCurrency: 'USD', rates: {} }),
    ...routes,
  );
  render(<App services={testServices(server.fetch)} />);
  return { address: () => `${window.location.pathname}${window.location.search}` };
}

const emptyList = () => json({ items: [], total: 0, page: 1, pageSize: 50 });
const offerRoutes: Route[] = [
  on('GET', '/api/group', emptyList),
  on('GET', '/api/affiliate_network', emptyList),
  on('GET', '/api/offer', () => json({ items: offers, total: offers.length, page: 1, pageSize: 50 })),
  on('GET', '/api/report/entity_stats', (request) => {
    const url = new URL(request.url);
    const desc = url.searchParams.get('order') !== 'asc';
    const order = url.searchParams.get('sortBy')
      ? [1, 2].sort((a, b) => (desc ? -1 : 1) * ((byId[a]?.clicks ?? 0) - (byId[b]?.clicks ?? 0)))
      : undefined;
    return json({
      stats: byId,
      totals: metrics(400, 3, 25_000_000, 40_000_000),
      range,
      ...(order ? { order } : {}),
    });
  }),
];

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the back button', () => {
  it("steps back through a list's sorts", async () => {
    const { address } = renderInBrowser('/offers', offerRoutes);
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await within(grid).findByRole('row', { name: /Alpha/ });
    const user = userEvent.setup();
    await user.click(await within(grid).findByRole('button', { name: /^Clicks/ }));
    await waitFor(() => expect(address()).toMatch(/sort=clicks%3A/));
    await waitFor(() =>
      expect(within(grid).getByRole('columnheader', { name: /^Clicks/ })).toHaveAttribute('aria-sort'),
    );
    window.history.back();
    await waitFor(() => expect(address()).toBe('/panel/offers'));
    await waitFor(() =>
      expect(within(grid).getByRole('columnheader', { name: /^Clicks/ })).not.toHaveAttribute('aria-sort'),
    );
  });

  it("steps back through a list's periods, to the one it showed before", async () => {
    const { address } = renderInBrowser('/offers', offerRoutes);
    const user = userEvent.setup();
    const picker = await screen.findByRole('button', { name: /Stats for/ });
    expect(picker).toHaveTextContent('Today');
    await user.click(picker);
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(address()).toBe('/panel/offers?period=last7&tz=UTC'));
    expect(screen.getByRole('button', { name: /Stats for/ })).toHaveTextContent('Last 7 days');
    window.history.back();
    await waitFor(() => expect(address()).toBe('/panel/offers?period=today&tz=UTC'));
    expect(screen.getByRole('button', { name: /Stats for/ })).toHaveTextContent('Today');
  });

  it("steps back through a report's groupings", async () => {
    const requests: URL[] = [];
    const { address } = renderInBrowser('/report/campaign/3?group=offer', [
      namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
      on('GET', '/api/report', (request) => {
        requests.push(new URL(request.url));
        return json({ rows: [], total: 0, nextOffset: null, totals: metrics(0, 0, 0, 0), range });
      }),
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Offer > Country' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('groupBy')).toBe('offer,country'));
    window.history.back();
    await waitFor(() => expect(address()).toBe('/panel/report/campaign/3?group=offer&period=today&tz=UTC'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('groupBy')).toBe('offer'));
  });
});
