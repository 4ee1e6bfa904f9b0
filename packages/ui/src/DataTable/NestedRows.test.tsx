import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './DataTable.tsx';
import type { DataTableColumn, DataTableProps, DataTableTree } from './types.ts';

interface Node {
  id: string;
  name: string;
  clicks: number;
  children?: Node[];
}

const report: Node[] = [
  {
    id: 'c1',
    name: 'Campaign A',
    clicks: 30,
    children: [
      {
        id: 'c1/o1',
        name: 'Offer small',
        clicks: 10,
        children: [{ id: 'c1/o1/US', name: 'US', clicks: 10 }],
      },
      { id: 'c1/o2', name: 'Offer big', clicks: 20 },
    ],
  },
  { id: 'c2', name: 'Campaign B', clicks: 5 },
];

const columns: DataTableColumn<Node>[] = [
  { id: 'name', header: 'Name', accessor: (n) => n.name },
  { id: 'clicks', header: 'Clicks', accessor: (n) => n.clicks, kind: 'number', total: 'sum' },
];

const shownNames = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-id'))
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

const cell = (row: number, col: number) =>
  document.querySelector<HTMLElement>(`[data-cell="${row}:${col}"]`) as HTMLElement;

type TreeProps = Partial<DataTableProps<Node>> & Omit<DataTableTree<Node>, 'getSubRows'>;

function Tree({ expanded, onExpandedChange, ...props }: TreeProps) {
  return (
    <DataTable
      label="Report"
      data={report}
      columns={columns}
      getRowId={(n) => n.id}
      tree={{ getSubRows: (n) => n.children, expanded, onExpandedChange }}
      {...props}
    />
  );
}

describe('DataTable nested rows', () => {
  it('opens and closes a row with its expander and tells the level of each row', async () => {
    const onExpanded = vi.fn();
    render(<Tree onExpandedChange={onExpanded} />);
    expect(screen.getByRole('treegrid', { name: 'Report' })).toBeInTheDocument();
    expect(shownNames()).toEqual(['Campaign A', 'Campaign B']);

    await userEvent.click(screen.getByRole('button', { name: 'Expand Campaign A' }));
    expect(shownNames()).toEqual(['Campaign A', 'Offer small', 'Offer big', 'Campaign B']);
    expect(onExpanded).toHaveBeenLastCalledWith({ c1: true });
    const offer = screen.getAllByRole('row').find((row) => row.dataset.rowId === 'c1/o1');
    expect(offer).toHaveAttribute('aria-level', '2');
    expect(offer).toHaveAttribute('aria-expanded', 'false');
    // A leaf has nothing to open: no expander, no aria-expanded.
    const leaf = screen.getAllByRole('row').find((row) => row.dataset.rowId === 'c1/o2');
    expect(leaf).not.toHaveAttribute('aria-expanded');
    expect(screen.queryByRole('button', { name: /Offer big/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Collapse Campaign A' }));
    expect(shownNames()).toEqual(['Campaign A', 'Campaign B']);
  });

  it('opens with Right, closes with Left, and Left on a child goes to its parent', async () => {
    render(<Tree />);
    cell(0, 0).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(shownNames()).toEqual(['Campaign A', 'Offer small', 'Offer big', 'Campaign B']);
    // Right on an open row moves on to the next cell, as in any grid.
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell(0, 1));
    await userEvent.keyboard('{ArrowLeft}{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toHaveTextContent('Offer big');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveTextContent('Campaign A');
    await userEvent.keyboard('{ArrowLeft}');
    expect(shownNames()).toEqual(['Campaign A', 'Campaign B']);
    // Without onRowActivate, Enter opens and closes too.
    await userEvent.keyboard('{Enter}');
    expect(shownNames()).toHaveLength(4);
  });

  it('sorts children within their parent and totals only the top level', async () => {
    render(<Tree expanded totals />);
    expect(shownNames()).toEqual(['Campaign A', 'Offer small', 'US', 'Offer big', 'Campaign B']);
    await userEvent.click(screen.getByRole('button', { name: /^Clicks/ }));
    expect(shownNames()).toEqual(['Campaign A', 'Offer big', 'Offer small', 'US', 'Campaign B']);
    const totals = screen.getAllByRole('row').at(-1) as HTMLElement;
    expect(within(totals).getAllByRole('gridcell')[1]?.textContent).toBe('35');
  });

  it('selects a parent with its children', async () => {
    const onIds = vi.fn();
    render(<Tree expanded={{ c1: true }} selection={{ onSelectedIdsChange: onIds }} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select row c1' }));
    expect(onIds).toHaveBeenLastCalledWith(expect.arrayContaining(['c1', 'c1/o1', 'c1/o2']));
  });
});
