import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, type Route, signedInAs } from '../../app/testing.ts';
import { metrics, range, statsSettingsRoutes } from '../../reports/testData.ts';

// A list's one column editor: its own columns (settings) and its numbers (metrics) in one dialog under
// two headings, each once; a column moved by keyboard stays where it was put after the choice is saved
// and the page opened again in a browser that kept nothing of it.

type Choice = { order: string[]; visibility: Record<string, boolean> };
const list = (items: unknown[]) => () => json({ items, total: items.length, page: 1, pageSize: 500 });

function routes(kept: Map<string, Choice>, sent: unknown[]): Route[] {
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
      sent.push(body);
      if (body.choice) kept.set(body.table, body.choice);
      else kept.delete(body.table);
      return json({ tables: Object.fromEntries(kept) });
    }),
  ];
}

async function openList() {
  const grid = await screen.findByRole('grid', { name: 'Offers' });
  await within(grid).findByRole('row', { name: /Keto EU/ });
  await within(grid).findByRole('columnheader', { name: /^Profit/ });
  return grid;
}

const headersOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((th) => th.textContent ?? '')
    .filter((text) => text !== '');

async function openEditor() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('dialog', { name: 'Column settings' }, { timeout: 5000 });
}

const labelsIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('checkbox')
    .map((box) => (box as HTMLButtonElement).labels[0]?.textContent ?? '');

describe("a list's one column editor", () => {
  it('lists the settings and the metrics columns under their headings, each once', async () => {
    renderApp('/offers', routes(new Map(), []));
    await openList();
    const editor = await openEditor();
    const settings = within(editor).getByRole('list', { name: 'Settings' });
    const numbers = within(editor).getByRole('list', { name: 'Metrics' });
    expect(labelsIn(settings)).toEqual(expect.arrayContaining(['ID', 'Name', 'Payout', 'Network']));
    expect(labelsIn(numbers)).toEqual(
      expect.arrayContaining(['Clicks', 'Conversions', 'CR', 'Cost', 'Revenue', 'Profit', 'ROI', 'EPC']),
    );
    expect(labelsIn(settings)).not.toContain('Profit');
    // One list, no column twice ("Cost" was once listed twice).
    const all = labelsIn(editor);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((label) => label === 'Cost')).toHaveLength(1);
  });

  it('moves a column by keyboard and keeps that order after a save and a reload', async () => {
    const kept = new Map<string, Choice>();
    const sent: unknown[] = [];
    renderApp('/offers', routes(kept, sent));
    const grid = await openList();
    const before = headersOf(grid);
    expect(before.indexOf('Revenue')).toBeLessThan(before.indexOf('Profit'));
    const editor = await openEditor();
    const user = userEvent.setup();
    // Keyboard only: focus the arrow and press Enter, twice: Profit past Revenue, then past Cost.
    within(editor).getByRole('button', { name: 'Move Profit up' }).focus();
    await user.keyboard('{Enter}');
    within(editor).getByRole('button', { name: 'Move Profit up' }).focus();
    await user.keyboard('{Enter}');
    const metricsNow = ['Clicks', 'Conversions', 'CR', 'Profit', 'Cost', 'Revenue', 'ROI', 'EPC'];
    await waitFor(() =>
      expect(labelsIn(within(editor).getByRole('list', { name: 'Metrics' })).slice(0, 8)).toEqual(metricsNow),
    );
    const inTable = () => headersOf(grid).filter((header) => metricsNow.includes(header));
    await waitFor(() => expect(inTable()).toEqual(metricsNow));
    await waitFor(() => expect(kept.get('cairn.columns.offer')).toBeDefined());
    expect(sent.length).toBeGreaterThan(0);

    // Another browser: nothing of this one's copy, the page opened anew.
    cleanup();
    localStorage.clear();
    renderApp('/offers', routes(kept, []));
    const again = await openList();
    await waitFor(() =>
      expect(headersOf(again).filter((header) => metricsNow.includes(header))).toEqual(metricsNow),
    );
    const reopened = await openEditor();
    expect(labelsIn(within(reopened).getByRole('list', { name: 'Metrics' })).slice(0, 8)).toEqual(metricsNow);
  });
});
