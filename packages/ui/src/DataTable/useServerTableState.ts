import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PaginationProps } from './Pager.tsx';

/** What a server-side list request needs: put it in the query key. */
export interface ServerTableQuery {
  sorting: SortingState;
  columnFilters: ColumnFiltersState;
  /** The search text, debounced so typing does not fire a request per keystroke. */
  search: string;
  pageIndex: number;
  pageSize: number;
}

export interface UseServerTableStateOptions {
  initial?: Partial<ServerTableQuery>;
  /** Debounce for search and filter typing, in ms. */
  debounceMs?: number;
}

export const SERVER_TABLE_DEBOUNCE_MS = 300;

/**
 * State for a list the server sorts, filters and pages (large click logs, reports): `query` goes
 * into the request, `tableProps(rowCount)` into <DataTable>. Changing sorting, filters or search
 * goes back to the first page, since the old page number means nothing in the new order.
 */
export function useServerTableState({
  initial = {},
  debounceMs = SERVER_TABLE_DEBOUNCE_MS,
}: UseServerTableStateOptions = {}) {
  const [sorting, setSortingState] = useState<SortingState>(initial.sorting ?? []);
  const [columnFilters, setFiltersState] = useState<ColumnFiltersState>(initial.columnFilters ?? []);
  const [searchInput, setSearchInput] = useState(initial.search ?? '');
  const [debounced, setDebounced] = useState({
    search: initial.search ?? '',
    columnFilters: initial.columnFilters ?? [],
  });
  const [page, setPage] = useState({ pageIndex: initial.pageIndex ?? 0, pageSize: initial.pageSize ?? 50 });

  useEffect(() => {
    const timer = setTimeout(() => setDebounced({ search: searchInput, columnFilters }), debounceMs);
    return () => clearTimeout(timer);
  }, [searchInput, columnFilters, debounceMs]);

  const firstPage = useCallback(
    () => setPage((old) => (old.pageIndex === 0 ? old : { ...old, pageIndex: 0 })),
    [],
  );
  const onSortingChange = useCallback(
    (next: SortingState) => {
      setSortingState(next);
      firstPage();
    },
    [firstPage],
  );
  const onColumnFiltersChange = useCallback(
    (next: ColumnFiltersState) => {
      setFiltersState(next);
      firstPage();
    },
    [firstPage],
  );
  const onSearchChange = useCallback(
    (next: string) => {
      setSearchInput(next);
      firstPage();
    },
    [firstPage],
  );

  const query = useMemo<ServerTableQuery>(
    () => ({ sorting, columnFilters: debounced.columnFilters, search: debounced.search, ...page }),
    [sorting, debounced, page],
  );

  const tableProps = useCallback(
    (rowCount: number) => ({
      manualSorting: true,
      manualFiltering: true,
      sorting,
      onSortingChange,
      columnFilters,
      onColumnFiltersChange,
      search: searchInput,
      onSearchChange,
      pagination: { ...page, rowCount, onChange: setPage } satisfies PaginationProps,
    }),
    [sorting, onSortingChange, columnFilters, onColumnFiltersChange, searchInput, onSearchChange, page],
  );

  return { query, tableProps, setPage };
}
