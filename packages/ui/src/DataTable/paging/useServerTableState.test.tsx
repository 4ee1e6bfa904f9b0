import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn } from '../DataTable.tsx';
import { type ServerTableQuery, useServerTableState } from './useServerTableState.ts';

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

function Harness({ onQuery }: { onQuery: (query: ServerTableQuery) => void }) {
  const { query, tableProps } = useServerTableState({ initial: { pageSize: 2 } });
  onQuery(query);
  return (
    <DataTable label="Clicks" data={page} columns={columns} getRowId={(c) => c.id} {...tableProps(10)} />
  );
}

describe('useServerTableState', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pages, sorts on the server and goes back to page one on a new order', async () => {
    const queries: ServerTableQuery[] = [];
    const user = userEvent.setup();
    render(<Harness onQuery={(q) => queries.push(q)} />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(queries.at(-1)).toMatchObject({ pageIndex: 1, pageSize: 2 });
    await user.click(screen.getByRole('button', { name: /^Country/ }));
    expect(queries.at(-1)).toMatchObject({ pageIndex: 0, sorting: [{ id: 'country', desc: false }] });
    // The server's order is kept as given.
    expect(
      screen
        .getAllByRole('row')
        .filter((r) => r.dataset.rowId)
        .map((r) => r.textContent),
    ).toEqual(['US', 'DE']);
  });

  it('debounces the search before it reaches the query', async () => {
    vi.useFakeTimers();
    const queries: ServerTableQuery[] = [];
    render(<Harness onQuery={(q) => queries.push(q)} />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'fr' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(queries.at(-1)?.search).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(queries.at(-1)?.search).toBe('fr');
  });
});
