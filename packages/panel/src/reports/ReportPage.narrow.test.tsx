import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { NARROW_SCREEN } from '../narrow/narrowScreen.ts';
import { metrics, namesRoute, range, statsSettingsRoutes } from './testData.ts';

// The report on a phone: each row is its name and the user's key metrics (profit and ROI by default),
// while the export still carries the chosen metrics; the filters in effect fold behind one button.

const rows = [
  { dimension: 'offer', value: 5, name: 'Keto EU', metrics: metrics(1200, 30, 150_500_000, 96_000_000) },
];
const totals = metrics(1200, 30, 150_500_000, 96_000_000);

function routes(): Route[] {
  return [
    ...signedInAs(),
    ...statsSettingsRoutes(),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    namesRoute('offer', [{ id: 5, name: 'Keto EU' }]),
    on('GET', '/api/report', () => json({ rows, total: 1, nextOffset: null, totals, range })),
    on('GET', '/api/user/columns', () => json({ tables: {} })),
  ];
}

const headersOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '');

beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === NARROW_SCREEN,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
});
afterEach(() => vi.restoreAllMocks());

describe('report page on a phone', () => {
  it('shows each row by name with profit and ROI only', async () => {
    renderApp('/report/campaign/3', routes());
    const grid = await screen.findByRole('treegrid', { name: 'Report by Offer' });
    const row = await within(grid).findByRole('row', { name: /Keto EU/ });
    await waitFor(() => expect(headersOf(grid)).toEqual(['Offer', 'Profit', 'ROI']));
    expect(row.textContent).toMatch(/54\.50/);
    expect(screen.getByRole('button', { name: 'Key metrics (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    // No filter in effect: nothing to unfold.
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
  });

  it("offers the event slots as key metrics by the installation's names", async () => {
    const names = ['Registration', ...Array(29).fill('')];
    renderApp('/report/campaign/3', [...routes(), on('GET', '/api/custom-events', () => json({ names }))]);
    await screen.findByRole('treegrid', { name: 'Report by Offer' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Key metrics (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key metrics' });
    await waitFor(() =>
      expect(within(dialog).getByRole('checkbox', { name: 'Registration' })).toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Event 2' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Event 1' })).toBeNull();
  });

  it('folds the filters in effect behind one button that counts them', async () => {
    renderApp('/report/campaign/3?filter[country]=DE', routes());
    await screen.findByRole('treegrid', { name: 'Report by Offer' });
    const button = await screen.findByRole('button', { name: 'Filters (1)' });
    const folded = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(folded).getByRole('list', { name: 'Filters' })).toHaveTextContent('DE');
    await userEvent.setup().click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(folded).toHaveAttribute('data-open');
  });
});
