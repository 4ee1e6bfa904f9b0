import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../DataTable.tsx';
import type { DataTableColumn } from '../types.ts';
import { groupColumns } from './columnGroups.ts';

// The column settings under their headings: one order holds every column, the arrows move a column past
// the neighbour of its own group, and a table may go without the menu.

type Row = { id: number; name: string; status: string; clicks: number; profit: number };
const rows: Row[] = [{ id: 1, name: 'Alpha', status: 'on', clicks: 10, profit: 2 }];
const columns: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', accessor: (row) => row.name, group: 'Settings' },
  { id: 'clicks', header: 'Clicks', accessor: (row) => row.clicks, kind: 'number', group: 'Metrics' },
  { id: 'profit', header: 'Profit', accessor: (row) => row.profit, kind: 'number', group: 'Metrics' },
  { id: 'status', header: 'Status', accessor: (row) => row.status, group: 'Settings' },
];
const headers = () =>
  within(screen.getByRole('grid'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
const labels = (list: HTMLElement) =>
  within(list)
    .getAllByRole('checkbox')
    .map((box) => (box as HTMLButtonElement).labels[0]?.textContent);

describe('column settings by group', () => {
  it('lists each group under its heading and moves a column past its own group’s neighbour', async () => {
    render(
      <DataTable
        label="Items"
        data={rows}
        columns={columns}
        getRowId={(row) => String(row.id)}
        search={{}}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column settings' }, { timeout: 5000 });
    expect(labels(within(dialog).getByRole('list', { name: 'Settings' }))).toEqual(['Name', 'Status']);
    expect(labels(within(dialog).getByRole('list', { name: 'Metrics' }))).toEqual(['Clicks', 'Profit']);
    // Status up: past Name, its neighbour under Settings, not past the metrics between them.
    await user.click(within(dialog).getByRole('button', { name: 'Move Status up' }));
    await waitFor(() => expect(headers()).toEqual(['Status', 'Name', 'Clicks', 'Profit']));
    expect(labels(within(dialog).getByRole('list', { name: 'Settings' }))).toEqual(['Status', 'Name']);
    expect(within(dialog).getByRole('button', { name: 'Move Clicks up' })).toBeDisabled();
  });

  it('offers no Columns menu where the table says so', () => {
    render(
      <DataTable
        label="Items"
        data={rows}
        columns={columns}
        getRowId={(row) => String(row.id)}
        search={{}}
        appearance={{ columnSettings: false }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
  });

  it('keeps each column once, in its group where the group first stands', () => {
    const groups = groupColumns([{ id: 'a' }, { id: 'm' }, { id: 'a' }, { id: 'b' }], (id) =>
      id === 'm' ? 'Metrics' : 'Settings',
    );
    expect(groups.map((group) => [group.name, group.columns.map((column) => column.id)])).toEqual([
      ['Settings', ['a', 'b']],
      ['Metrics', ['m']],
    ]);
  });
});
