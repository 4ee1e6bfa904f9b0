import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, type Route, signedInAs } from '../../app/testing.ts';
import { NARROW_SCREEN } from '../../narrow/narrowScreen.ts';
import { metrics, range, statsSettingsRoutes } from '../../reports/testData.ts';

// A list on a phone: each row is its name and the user's key metrics (profit and ROI until they pick
// others, kept with their column choices on the server), no selection column, and the filters folded
// behind one button that counts those in effect.

type Choice = { order: string[]; visibility: Record<string, boolean> };
const list = (items: unknown[]) => () => json({ items, total: items.length, page: 1, pageSize: 500 });

function routes(kept: Map<string, Choice>): Route[] {
  return [
    ...signedInAs(),
    ...statsSettingsRoutes({ timezone: 'UTC', baseCurrency: 'USD', rates: {} }),
    on('GET', '/api/group', list([])),
    on('GET', '/api/affiliate_network', list([])),
    on('GET', '/api/offer', list([offerItem(7, 'Keto EU')])),
    on('GET', '/api/report/entity_stats', () =>
      json({
        stats: { '7': metrics(100, 2, 20_000_000, 10_000_000) },
        totals: metrics(100, 2, 20_000_000, 10_000_000),
        range,
      }),
    ),
    on('GET', '/api/user/columns', () => json({ tables: Object.fromEntries(kept) })),
    on('PUT', '/api/user/columns', async (request) => {
      const body = (await request.json()) as { table: string; choice: Choice | null };
      if (body.choice) kept.set(body.table, body.choice);
      else kept.delete(body.table);
      return json({ tables: Object.fromEntries(kept) });
    }),
  ];
}

const headersOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');

/** A screen as wide as the query says: a phone's for the narrow one. */
function screenOf(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: narrow && query === NARROW_SCREEN,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('a list on a phone', () => {
  beforeEach(() => screenOf(true));
  afterEach(() => vi.restoreAllMocks());

  it("shows each row's name with profit and ROI, and no selection", async () => {
    renderApp('/offers', routes(new Map()));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    const row = await within(grid).findByRole('row', { name: /Keto EU/ });
    await waitFor(() => expect(headersOf(grid)).toEqual(['Name', 'Profit', 'ROI']));
    await waitFor(() => expect(row).toHaveTextContent('$10.00'));
    expect(row).toHaveTextContent('100.00%');
    expect(within(grid).queryByRole('checkbox')).toBeNull();
    // The desk's column editor does not apply here: the key metrics have their own chooser.
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('keeps the key metrics the user picks with their column choices on the server', async () => {
    const kept = new Map<string, Choice>();
    renderApp('/offers', routes(kept));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await waitFor(() => expect(headersOf(grid)).toEqual(['Name', 'Profit', 'ROI']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Key metrics (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key metrics' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'ROI' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Clicks' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(headersOf(grid)).toEqual(['Name', 'Profit', 'Clicks']));
    await waitFor(() =>
      expect(kept.get('cairn.reports.columns.key-metrics')?.order).toEqual(['profit', 'clicks']),
    );
  });

  it('folds the filters behind one button that counts those in effect', async () => {
    renderApp('/offers?archived=all', routes(new Map()));
    await screen.findByRole('grid', { name: 'Offers' });
    const button = screen.getByRole('button', { name: 'Filters (1)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const filters = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(filters).getByRole('combobox', { name: 'Show' })).toBeInTheDocument();
    expect(filters).not.toHaveAttribute('data-open');
    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(filters).toHaveAttribute('data-open');
  });
});

describe('a list on a desk', () => {
  beforeEach(() => screenOf(false));
  afterEach(() => vi.restoreAllMocks());

  it('keeps every column, the selection and the column editor', async () => {
    renderApp('/offers', routes(new Map()));
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await within(grid).findByRole('columnheader', { name: /^Profit/ });
    expect(headersOf(grid)).toEqual(expect.arrayContaining(['ID', 'Name', 'Clicks', 'Profit', 'ROI']));
    expect(within(grid).getAllByRole('checkbox').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Columns' })).toBeInTheDocument();
  });
});
