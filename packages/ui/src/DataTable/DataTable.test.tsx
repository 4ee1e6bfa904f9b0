import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatValue, matchesNumberFilter, parseNumberFilter } from './cells/format.ts';
import {
  type ColumnChoiceKeeper,
  ColumnChoiceKeeperContext,
  type ColumnChoice as TableColumnChoice,
} from './columns/columnSettings.ts';
import * as styles from './DataTable.css.ts';
import { DataTable, type DataTableColumn, type DataTableStatus } from './DataTable.tsx';

interface Campaign {
  id: number;
  name: string;
  clicks: number;
  profit: number;
}

const campaigns: Campaign[] = [
  { id: 1, name: 'Bravo', clicks: 300, profit: 12.5 },
  { id: 2, name: 'alpha', clicks: 100, profit: -4 },
  { id: 3, name: 'Charlie', clicks: 200, profit: 0 },
  { id: 4, name: 'Delta', clicks: 100, profit: 30 },
  { id: 5, name: 'echo', clicks: 500, profit: -1 },
];

const columns: DataTableColumn<Campaign>[] = [
  { id: 'name', header: 'Name', accessor: (c) => c.name, filterable: true },
  {
    id: 'clicks',
    header: 'Clicks',
    accessor: (c) => c.clicks,
    kind: 'number',
    total: 'sum',
    filterable: true,
  },
  { id: 'profit', header: 'Profit', accessor: (c) => c.profit, kind: 'money', total: 'sum', profit: true },
];

const getRowId = (c: Campaign) => String(c.id);

function names() {
  return screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-id'))
    .map(
      (row) =>
        within(row).getAllByRole('gridcell')[row.querySelector('[role="checkbox"]') ? 1 : 0]?.textContent,
    );
}

describe('DataTable', () => {
  it('sorts by a column, then by a second one with Shift+click', async () => {
    render(<DataTable label="Campaigns" data={campaigns} columns={columns} getRowId={getRowId} />);
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(names()).toEqual(['alpha', 'Bravo', 'Charlie', 'Delta', 'echo']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    // Numbers sort descending first: the biggest earners on top.
    await userEvent.click(screen.getByRole('button', { name: /^Clicks/ }));
    expect(names()).toEqual(['echo', 'Bravo', 'Charlie', 'alpha', 'Delta']);

    // Shift+click adds a second level that breaks the 100-click tie: name descending.
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await user.keyboard('{/Shift}');
    expect(names()).toEqual(['echo', 'Bravo', 'Charlie', 'Delta', 'alpha']);
    expect(screen.getByRole('columnheader', { name: /Clicks/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('selects a range with Shift+click and reports the ids for mass actions', async () => {
    const onIds = vi.fn();
    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        selection={{
          onSelectedIdsChange: onIds,
          actions: (ids) => <button type="button">Edit {ids.length}</button>,
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select row 4' }));
    await user.keyboard('{/Shift}');
    expect(onIds).toHaveBeenLastCalledWith(['2', '3', '4']);
    expect(screen.getByRole('status')).toHaveTextContent('3 selected');
    expect(screen.getByRole('button', { name: 'Edit 3' })).toBeInTheDocument();

    // Some rows chosen: the select-all box says so to assistive tech, and a click chooses every row.
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });
    expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
    await user.click(selectAll);
    expect(onIds).toHaveBeenLastCalledWith(['1', '2', '3', '4', '5']);
    expect(selectAll).toBeChecked();
    await user.click(selectAll);
    expect(onIds).toHaveBeenLastCalledWith([]);
    expect(selectAll).not.toBeChecked();
  });

  it('searches, filters numbers by expression and totals the filtered rows', async () => {
    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        search={{}}
        totals
      />,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'a');
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie', 'Delta']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Filter Clicks' }), '>=200');
    expect(names()).toEqual(['Bravo', 'Charlie']);
    const totals = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(totals).toHaveTextContent('Total');
    expect(totals).toHaveTextContent('500');
    expect(totals).toHaveTextContent('$12.50');
  });

  it('keeps hidden columns and widths under its storage key', async () => {
    const { unmount } = render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        storageKey="campaigns"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    // The popover's code may still be on its way (it is fetched after the table's first paint).
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Clicks' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Profit up' }));
    const resizer = screen.getByRole('separator', { name: 'Resize Name' });
    resizer.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    unmount();

    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        storageKey="campaigns"
      />,
    );
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Profit']);
    expect(screen.getByRole('separator', { name: 'Resize Name' })).toHaveAttribute('aria-valuenow', '182');
  });

  it('moves a column by dragging it onto another in the column settings', async () => {
    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        storageKey="drag"
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const profit = (await screen.findByRole('checkbox', { name: 'Profit' }, { timeout: 5000 })).closest('li');
    const name = screen.getByRole('checkbox', { name: 'Name' }).closest('li');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(profit as HTMLElement, { dataTransfer });
    fireEvent.dragOver(name as HTMLElement, { dataTransfer });
    fireEvent.drop(name as HTMLElement, { dataTransfer });
    fireEvent.dragEnd(profit as HTMLElement, { dataTransfer });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Profit',
      'Name',
      'Clicks',
    ]);
    expect(screen.getByRole('button', { name: 'Move Profit up' })).toBeDisabled();
  });

  it("takes the keeper's choice when it arrives and hands it each change, forgetting it on reset", async () => {
    const saved: unknown[] = [];
    let deliver: (choice: TableColumnChoice | null) => void = () => {};
    const keeper: ColumnChoiceKeeper = {
      load: () => new Promise((resolve) => (deliver = resolve)),
      save: (_key, choice) => saved.push(choice),
    };
    render(
      <ColumnChoiceKeeperContext.Provider value={keeper}>
        <DataTable
          label="Campaigns"
          data={campaigns}
          columns={columns}
          getRowId={getRowId}
          storageKey="kept"
        />
      </ColumnChoiceKeeperContext.Provider>,
    );
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Name', 'Clicks', 'Profit']);
    act(() => deliver({ order: ['clicks', 'name', 'profit'], visibility: { profit: false } }));
    await waitFor(() => expect(headers()).toEqual(['Clicks', 'Name']));
    expect(saved).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Move Name up' }, { timeout: 5000 }));
    expect(headers()).toEqual(['Name', 'Clicks']);
    expect(saved).toEqual([{ order: ['name', 'clicks', 'profit'], visibility: { profit: false } }]);
    await userEvent.click(screen.getByRole('button', { name: 'Reset columns' }));
    expect(saved.at(-1)).toBeNull();
    expect(headers()).toEqual(['Name', 'Clicks', 'Profit']);
  });

  it("hands the keeper this browser's choice when it keeps none yet", async () => {
    localStorage.setItem(
      'cairn.table.before',
      JSON.stringify({ visibility: { clicks: false }, order: [], sizing: {} }),
    );
    const saved: unknown[] = [];
    const keeper: ColumnChoiceKeeper = { load: async () => null, save: (_key, choice) => saved.push(choice) };
    render(
      <ColumnChoiceKeeperContext.Provider value={keeper}>
        <DataTable
          label="Campaigns"
          data={campaigns}
          columns={columns}
          getRowId={getRowId}
          storageKey="before"
        />
      </ColumnChoiceKeeperContext.Provider>,
    );
    await waitFor(() => expect(saved).toEqual([{ visibility: { clicks: false }, order: [] }]));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Profit']);
  });

  it('ignores corrupt stored settings', () => {
    localStorage.setItem(
      'cairn.table.broken',
      '{"visibility":{"name":"yes"},"order":[1],"sizing":{"name":-5}}',
    );
    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        storageKey="broken"
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Clicks',
      'Profit',
    ]);
  });

  it('renders only the rows in view out of 100,000', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({
      id: i,
      name: `Campaign ${i}`,
      clicks: i,
      profit: i % 7,
    }));
    render(
      <DataTable
        label="Campaigns"
        data={many}
        columns={columns}
        getRowId={getRowId}
        appearance={{ height: 400, rowHeight: 40 }}
      />,
    );
    const bodyRows = screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-id'));
    // 400 px viewport / 40 px rows = 10 visible, plus the overscan on one side.
    expect(bodyRows.length).toBeGreaterThan(5);
    expect(bodyRows.length).toBeLessThan(30);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', String(100_000 + 2));
  });

  it('moves a focused cell with the arrow keys, selects with Space and activates with Enter', async () => {
    const onActivate = vi.fn();
    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        selection={{}}
        onRowActivate={onActivate}
      />,
    );
    const first = document.querySelector<HTMLElement>('[data-cell="0:0"]') as HTMLElement;
    first.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('alpha');
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
    await userEvent.keyboard('{Enter}');
    expect(onActivate).toHaveBeenCalledWith(campaigns[1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toHaveTextContent('-$4.00');
  });

  it('shows empty, no-match, loading and error states', async () => {
    const withStatus = (status: DataTableStatus) => (
      <DataTable label="Campaigns" data={[]} columns={columns} getRowId={getRowId} status={status} />
    );
    const { rerender } = render(withStatus({ emptyTitle: 'No campaigns yet' }));
    expect(screen.getByText('No campaigns yet')).toBeInTheDocument();
    const retry = vi.fn();
    rerender(withStatus({ error: 'Server error', onRetry: retry }));
    expect(screen.getByRole('alert')).toHaveTextContent('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
    rerender(withStatus({ loading: true }));
    expect(screen.getByRole('grid')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows what new columns read from the same rows (a name that arrives after the rows)', () => {
    const sources = new Map<number, string>();
    const withSource = (names: ReadonlyMap<number, string>): DataTableColumn<Campaign>[] => [
      ...columns,
      { id: 'source', header: 'Source', accessor: (c) => names.get(c.id) ?? `#${c.id}` },
    ];
    const { rerender } = render(
      <DataTable label="Campaigns" data={campaigns} columns={withSource(sources)} getRowId={getRowId} />,
    );
    expect(screen.getByRole('row', { name: /Bravo/ })).toHaveTextContent('#1');
    rerender(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={withSource(new Map([[1, 'PushHouse']]))}
        getRowId={getRowId}
      />,
    );
    expect(screen.getByRole('row', { name: /Bravo/ })).toHaveTextContent('PushHouse');
    expect(screen.getByRole('row', { name: /Bravo/ })).not.toHaveTextContent('#1');
  });

  it('leaves the columns marked hidden out until the user shows one, and keeps that choice', async () => {
    const withHidden: DataTableColumn<Campaign>[] = [
      ...columns,
      { id: 'id', header: 'ID', accessor: (c) => c.id, kind: 'number', hidden: true },
    ];
    const table = (
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={withHidden}
        getRowId={getRowId}
        storageKey="hidden-columns"
      />
    );
    const { unmount } = render(table);
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Name', 'Clicks', 'Profit']);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'ID' }, { timeout: 5000 }));
    expect(headers()).toEqual(['Name', 'Clicks', 'Profit', 'ID']);
    unmount();
    render(table);
    expect(headers()).toEqual(['Name', 'Clicks', 'Profit', 'ID']);
  });

  it('pins the selection column and the pinned columns at the left, after the pinned ones before them', () => {
    const pinned: DataTableColumn<Campaign>[] = [
      { id: 'id', header: 'ID', accessor: (c) => c.id, kind: 'number', width: 80 },
      { id: 'name', header: 'Name', accessor: (c) => c.name, width: 200, pinned: true },
      ...columns.slice(1),
    ];
    render(
      <DataTable label="Campaigns" data={campaigns} columns={pinned} getRowId={getRowId} selection={{}} />,
    );
    const row = screen.getByRole('row', { name: /Bravo/ });
    const [select, id, name, clicks] = within(row).getAllByRole('gridcell');
    expect(select).toHaveClass(styles.pinned);
    expect(select).toHaveStyle({ left: '0px' });
    // The ID column scrolls away under the name, which sticks right after the checkboxes.
    expect(name).toHaveClass(styles.pinned);
    expect(name).toHaveStyle({ left: '40px' });
    expect(id).not.toHaveClass(styles.pinned);
    expect(clicks).not.toHaveClass(styles.pinned);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveClass(styles.pinned);
    expect(header).toHaveStyle({ left: '40px' });
  });

  it('reports sorting for server-side data without reordering it', async () => {
    const onSorting = vi.fn();
    render(
      <DataTable
        label="Campaigns"
        data={campaigns}
        columns={columns}
        getRowId={getRowId}
        sorting={{ manual: true, onChange: onSorting }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    expect(onSorting).toHaveBeenCalledWith([{ id: 'name', desc: false }]);
    expect(names()).toEqual(['Bravo', 'alpha', 'Charlie', 'Delta', 'echo']);
  });
});

describe('cell formatting and number filters', () => {
  it('formats number, money and percent cells', () => {
    expect(formatValue(1234.5, 'number')).toBe('1,234.5');
    expect(formatValue(-4, 'money')).toBe('-$4.00');
    expect(formatValue(3, 'money', { currency: 'EUR', locale: 'de-DE' })).toMatch(/^3,00\s€$/);
    expect(formatValue(12.345, 'percent')).toBe('12.35%');
    expect(formatValue(null, 'number')).toBe('–');
  });

  it('parses filter expressions', () => {
    expect(parseNumberFilter('>10')).toEqual({ min: 10, minExclusive: true });
    expect(parseNumberFilter('20..10')).toEqual({ min: 10, max: 20 });
    expect(parseNumberFilter('abc')).toBeUndefined();
    const atMost5 = parseNumberFilter('<=5');
    expect(atMost5 && matchesNumberFilter(5, atMost5)).toBe(true);
    expect(atMost5 && matchesNumberFilter(6, atMost5)).toBe(false);
  });
});
