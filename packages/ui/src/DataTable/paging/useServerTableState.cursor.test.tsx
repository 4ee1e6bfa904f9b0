import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../DataTable.tsx';
import { type ServerTableQuery, type ServerTableState, useServerTableState } from './useServerTableState.ts';

interface Click {
  id: string;
  country: string;
}
const columns: DataTableColumn<Click>[] = [
  { id: 'country', header: 'Country', accessor: (c) => c.country, filterable: true },
];
const page: Click[] = [
  { id: 'a', country: 'US' },
  { id: 'b', country: 'DE' },
];

function CursorHarness({
  onQuery,
  nextCursor,
}: {
  onQuery: (query: ServerTableQuery) => void;
  nextCursor: string | null;
}) {
  const { query, tableProps } = useServerTableState();
  onQuery(query);
  return (
    <DataTable
      label="Clicks"
      data={page}
      columns={columns}
      getRowId={(c) => c.id}
      {...tableProps({ nextCursor })}
    />
  );
}

describe('useServerTableState with a cursor', () => {
  it('sends the cursor of each page, goes back through them, and starts again on a new order', async () => {
    const queries: ServerTableQuery[] = [];
    const user = userEvent.setup();
    const { rerender } = render(<CursorHarness onQuery={(q) => queries.push(q)} nextCursor="p2" />);
    expect(queries.at(-1)).toMatchObject({ pageIndex: 0, cursor: undefined });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(queries.at(-1)).toMatchObject({ pageIndex: 1, cursor: 'p2' });
    rerender(<CursorHarness onQuery={(q) => queries.push(q)} nextCursor="p3" />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(queries.at(-1)).toMatchObject({ pageIndex: 2, cursor: 'p3' });
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(queries.at(-1)).toMatchObject({ pageIndex: 1, cursor: 'p2' });
    await user.click(screen.getByRole('button', { name: /^Country/ }));
    expect(queries.at(-1)).toMatchObject({ pageIndex: 0, cursor: undefined });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('hands "Load more" to the caller, with the cursor to load after', async () => {
    const onLoadMore = vi.fn();
    function LoadMore() {
      const { tableProps } = useServerTableState();
      return (
        <DataTable
          label="Clicks"
          data={page}
          columns={columns}
          getRowId={(c) => c.id}
          {...tableProps({ nextCursor: 'after-DE', onLoadMore })}
        />
      );
    }
    render(<LoadMore />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledWith('after-DE');
  });

  it('keeps its state with the caller when controlled', async () => {
    const onStateChange = vi.fn();
    const state: ServerTableState = {
      sorting: [{ id: 'country', desc: true }],
      columnFilters: [],
      search: 'de',
      pageIndex: 3,
      pageSize: 2,
      cursors: [],
    };
    function Controlled() {
      const { query, tableProps } = useServerTableState({ state, onStateChange });
      return (
        <>
          <output>{JSON.stringify(query)}</output>
          <DataTable
            label="Clicks"
            data={page}
            columns={columns}
            getRowId={(c) => c.id}
            {...tableProps(10)}
          />
        </>
      );
    }
    render(<Controlled />);
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toMatchObject({
      search: 'de',
      pageIndex: 3,
      sorting: [{ id: 'country', desc: true }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...state, pageIndex: 2 });
  });
});
