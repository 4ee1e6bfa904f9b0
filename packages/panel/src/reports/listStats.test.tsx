import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, offerItem, on, type Route, signedInAs } from '../app/testing.ts';
import { metrics, namesRoute, range, statsSettingsRoutes, withoutProfit } from './testData.ts';

// The numbers next to the entity lists, on the offers list.

const offer = offerItem;
const offers = [offer(1, 'Alpha'), offer(2, 'Beta'), offer(3, 'Gamma')];
const byId: Record<string, ReturnType<typeof metrics>> = {
  '1': metrics(100, 2, 20_000_000, 10_000_000),
  '3': metrics(300, 1, 5_000_000, 30_000_000),
};

const emptyList = () => json({ items: [], total: 0, page: 1, pageSize: 50 });
function routes(listRequests: URL[], statsRequests: URL[], hideProfit = false): Route[] {
  const strip = (all: ReturnType<typeof metrics>) => (hideProfit ? withoutProfit(all) : all);
  return [
    ...signedInAs({ hideProfit }),
    ...statsSettingsRoutes({ timezone: 'UTC', baseCurrency: 'USD', rates: {} }),
    on('GET', '/api/group', emptyList),
    on('GET', '/api/affiliate_network', emptyList),
    on('GET', '/api/offer', (request) => {
      const url = new URL(request.url);
      listRequests.push(url);
      return json({
        items: offers,
        total: offers.length,
        page: 1,
        pageSize: Number(url.searchParams.get('pageSize')),
      });
    }),
    on('GET', '/api/report/entity_stats', (request) => {
      const url = new URL(request.url);
      statsRequests.push(url);
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const stats = Object.fromEntries(
        ids.filter((id) => byId[id]).map((id) => [id, strip(byId[id] as never)]),
      );
      const sortBy = url.searchParams.get('sortBy') as keyof ReturnType<typeof metrics> | null;
      const value = (id: string) => (sortBy ? (byId[id]?.[sortBy] ?? 0) : 0);
      const desc = url.searchParams.get('order') !== 'asc';
      return json({
        stats,
        totals: strip(metrics(400, 3, 25_000_000, 40_000_000)),
        ...(sortBy
          ? {
              order: ids
                .sort((a, b) => (desc ? value(b) - value(a) : value(a) - value(b)) || Number(a) - Number(b))
                .map(Number),
            }
          : {}),
        range,
      });
    }),
  ];
}

const rowNames = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);

describe('entity list numbers', () => {
  it("shows each row's numbers right after its name for the period, and the totals", async () => {
    const statsRequests: URL[] = [];
    renderApp('/offers', routes([], statsRequests));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    const alpha = await within(grid).findByRole('row', { name: /Alpha/ });
    await waitFor(() => expect(alpha).toHaveTextContent('$20.00'));
    expect(alpha).toHaveTextContent('$10.00');
    expect(alpha).toHaveTextContent('100.00%');
    // Beta had no traffic in the period: zeros, not blanks.
    expect(within(grid).getByRole('row', { name: /Beta/ })).toHaveTextContent('$0.00');
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    const metricHeaders = ['Clicks', 'Conversions', 'CR', 'Cost', 'Revenue', 'Profit', 'ROI', 'EPC'];
    const nameAt = headers.findIndex((header) => header.startsWith('Name'));
    metricHeaders.forEach((name, index) => {
      expect(headers[nameAt + 1 + index]).toMatch(new RegExp(`^${name}`));
    });
    // The numbers not chosen wait in the table's one column menu, beside the settings columns.
    expect(headers.some((header) => header.startsWith('LP views'))).toBe(false);
    const total = within(grid).getAllByRole('row').at(-1) as HTMLElement;
    expect(total).toHaveTextContent('Total');
    expect(total).toHaveTextContent('-$15.00');
    expect(Object.fromEntries(statsRequests[0]?.searchParams ?? [])).toMatchObject({
      kind: 'offer',
      ids: '1,2,3',
      preset: 'today',
      timezone: 'UTC',
    });
  });

  it('opens the period and the sort an address names, as a shared link does', async () => {
    const statsRequests: URL[] = [];
    const reportRequests: URL[] = [];
    const { current } = renderApp('/offers?period=last30&tz=Asia%2FTokyo&sort=clicks%3Adesc', [
      ...routes([], statsRequests),
      namesRoute('offer', [{ id: 1, name: 'Alpha' }]),
      on('GET', '/api/report', (request) => {
        reportRequests.push(new URL(request.url));
        return json({ rows: [], totals: metrics(0, 0, 0, 0), range });
      }),
    ]);
    await waitFor(() =>
      expect(Object.fromEntries(statsRequests.at(-1)?.searchParams ?? [])).toMatchObject({
        preset: 'last_30_days',
        timezone: 'Asia/Tokyo',
        sortBy: 'clicks',
        order: 'desc',
      }),
    );
    expect(await screen.findByRole('button', { name: /Stats for/ })).toHaveTextContent('Last 30 days');
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['Gamma', 'Alpha', 'Beta']));
    // The link's period goes on to the report a row opens.
    await userEvent.setup().click(within(grid).getByRole('link', { name: 'Alpha' }));
    await waitFor(() => expect(current()).toMatch(/^\/panel\/report\/offer\/1/));
    await waitFor(() =>
      expect(Object.fromEntries(reportRequests.at(-1)?.searchParams ?? [])).toMatchObject({
        preset: 'last_30_days',
        timezone: 'Asia/Tokyo',
      }),
    );
  });

  it('opens on the defaults when the address names a period, zone or sort that does not exist', async () => {
    const statsRequests: URL[] = [];
    renderApp('/offers?period=fortnight&tz=Mars%2FOlympus&sort=secret%3Asideways', routes([], statsRequests));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await waitFor(() => expect(rowNames(grid)).toEqual(['Alpha', 'Beta', 'Gamma']));
    await waitFor(() =>
      expect(Object.fromEntries(statsRequests.at(-1)?.searchParams ?? [])).toMatchObject({
        preset: 'today',
        timezone: 'UTC',
      }),
    );
    expect(statsRequests.at(-1)?.searchParams.has('sortBy')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens every list and report on the period last chosen on any of them', async () => {
    localStorage.setItem(
      'cairn.period',
      JSON.stringify({ preset: 'custom', from: '2026-03-01', to: '2026-03-07', timeZone: 'Europe/Berlin' }),
    );
    const statsRequests: URL[] = [];
    const reportRequests: URL[] = [];
    const { current } = renderApp('/offers', [
      ...routes([], statsRequests),
      namesRoute('offer', [{ id: 1, name: 'Alpha' }]),
      on('GET', '/api/report', (request) => {
        reportRequests.push(new URL(request.url));
        return json({ rows: [], totals: metrics(0, 0, 0, 0), range });
      }),
    ]);
    const period = { preset: 'custom', from: '2026-03-01', to: '2026-03-07', timezone: 'Europe/Berlin' };
    await waitFor(() =>
      expect(Object.fromEntries(statsRequests[0]?.searchParams ?? [])).toMatchObject(period),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Alpha' }));
    await waitFor(() => expect(current()).toMatch(/^\/panel\/report\/offer\/1/));
    await waitFor(() =>
      expect(Object.fromEntries(reportRequests[0]?.searchParams ?? [])).toMatchObject(period),
    );
  });

  it("sorts by a metric in the server's order of the whole filtered list", async () => {
    const listRequests: URL[] = [];
    const statsRequests: URL[] = [];
    const { current } = renderApp('/offers', routes(listRequests, statsRequests));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await within(grid).findByRole('row', { name: /Alpha/ });
    const user = userEvent.setup();
    await user.click(await within(grid).findByRole('button', { name: /^Clicks/ }));
    await waitFor(() => expect(statsRequests.at(-1)?.searchParams.get('sortBy')).toBe('clicks'));
    const sorted = statsRequests.at(-1) as URL;
    expect(sorted.searchParams.get('ids')).toBe('1,2,3');
    expect(listRequests.some((url) => url.searchParams.get('pageSize') === '500')).toBe(true);
    const order = sorted.searchParams.get('order');
    await waitFor(() =>
      expect(rowNames(grid)).toEqual(
        order === 'asc' ? ['Beta', 'Alpha', 'Gamma'] : ['Gamma', 'Alpha', 'Beta'],
      ),
    );
    // The address says so: a link or a reload shows the same order.
    expect(current()).toContain(`sort=clicks%3A${order}`);
  });

  it('shows a hide-profit user no column the server sends no values for', async () => {
    renderApp('/offers', routes([], [], true));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    const alpha = await within(grid).findByRole('row', { name: /Alpha/ });
    await waitFor(() => expect(alpha).toHaveTextContent('$10.00'));
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    expect(headers.some((header) => header.startsWith('Cost'))).toBe(true);
    for (const hidden of ['Leads', 'Revenue', 'Profit', 'ROI', 'EPC']) {
      expect(headers.some((header) => header.startsWith(hidden))).toBe(false);
    }
  });
});
