import type { ColumnFiltersState, SortingState } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataTableFiltering, DataTablePaging, DataTableSearch, DataTableSorting } from '../types.ts';
import type { CursorPaginationProps } from './CursorPager.tsx';
import type { PaginationProps } from './Pager.tsx';

/**
 * Everything a server-side list shows, as one value: what the user typed, how the list is sorted
 * and which page is open, whether pages are counted (`pageIndex`) or reached by cursor (`cursors`).
 */
export interface ServerTableState {
  sorting: SortingState;
  columnFilters: ColumnFiltersState;
  search: string;
  pageIndex: number;
  pageSize: number;
  /** Cursor paging: the cursor of each page after the first that has been reached, in order. */
  cursors: readonly string[];
}

/** What a server-side list request needs: put it in the query key. */
export interface ServerTableQuery {
  sorting: SortingState;
  /** Filters and search are debounced so typing does not fire a request per keystroke. */
  columnFilters: ColumnFiltersState;
  search: string;
  pageIndex: number;
  pageSize: number;
  /** Cursor paging: the cursor to send for the page shown; undefined on the first page. */
  cursor: string | undefined;
}

/** How the server pages: a row count for numbered pages, or the `nextCursor` of its answer. */
export type ServerPaging =
  | number
  | {
      nextCursor: string | null | undefined;
      /**
       * "Load more": the caller appends the rows after `cursor` (react-query's fetchNextPage);
       * without it, Previous / Next pages through the cursors and `query.cursor` follows.
       */
      onLoadMore?: (cursor: string) => void;
      loading?: boolean;
    };

/** The parts of <DataTable> a server-side list hands over to this state. */
export interface ServerTableProps {
  sorting: DataTableSorting;
  filtering: DataTableFiltering;
  search: DataTableSearch;
  paging?: DataTablePaging;
}

export interface UseServerTableStateOptions {
  initial?: Partial<ServerTableState>;
  /** Controlled: the state lives with the caller (e.g. in the address bar), changes come back here. */
  state?: ServerTableState;
  onStateChange?: (state: ServerTableState) => void;
  /** Debounce for search and filter typing, in ms. */
  debounceMs?: number;
}

export const SERVER_TABLE_DEBOUNCE_MS = 300;

const defaultState = (initial: Partial<ServerTableState>): ServerTableState => ({
  sorting: initial.sorting ?? [],
  columnFilters: initial.columnFilters ?? [],
  search: initial.search ?? '',
  pageIndex: initial.pageIndex ?? 0,
  pageSize: initial.pageSize ?? 50,
  cursors: initial.cursors ?? [],
});

/** A new order or selection of rows: back to the first page, and the cursors met so far are void. */
const restart = (old: ServerTableState, change: Partial<ServerTableState>): ServerTableState => ({
  ...old,
  ...change,
  pageIndex: 0,
  cursors: [],
});

/**
 * State for a list the server sorts, filters and pages (large click logs, reports): `query` goes
 * into the request, `tableProps(rowCount)` or `tableProps({ nextCursor })` into <DataTable> (its
 * sorting, filtering, search and paging parts, the search box included).
 * Changing sorting, filters or search goes back to the first page, since the old page (or cursor)
 * means nothing in the new order.
 */
export function useServerTableState({
  initial = {},
  state: controlled,
  onStateChange,
  debounceMs = SERVER_TABLE_DEBOUNCE_MS,
}: UseServerTableStateOptions = {}) {
  const [own, setOwn] = useState<ServerTableState>(() => controlled ?? defaultState(initial));
  const state = controlled ?? own;
  const stateRef = useRef(state);
  stateRef.current = state;
  const onChangeRef = useRef(onStateChange);
  onChangeRef.current = onStateChange;

  const update = useCallback((change: (old: ServerTableState) => ServerTableState) => {
    const next = change(stateRef.current);
    if (next === stateRef.current) return;
    stateRef.current = next;
    setOwn(next);
    onChangeRef.current?.(next);
  }, []);

  const [debounced, setDebounced] = useState({ search: state.search, columnFilters: state.columnFilters });
  useEffect(() => {
    const timer = setTimeout(
      () => setDebounced({ search: state.search, columnFilters: state.columnFilters }),
      debounceMs,
    );
    return () => clearTimeout(timer);
  }, [state.search, state.columnFilters, debounceMs]);

  const onSortingChange = useCallback(
    (sorting: SortingState) => update((old) => restart(old, { sorting })),
    [update],
  );
  const onColumnFiltersChange = useCallback(
    (columnFilters: ColumnFiltersState) => update((old) => restart(old, { columnFilters })),
    [update],
  );
  const onSearchChange = useCallback((search: string) => update((old) => restart(old, { search })), [update]);
  const setPage = useCallback(
    ({ pageIndex, pageSize }: { pageIndex: number; pageSize: number }) =>
      update((old) =>
        old.pageIndex === pageIndex && old.pageSize === pageSize
          ? old
          : // A cursor belongs to a page size: a new size starts the cursor chain again.
            { ...old, pageIndex, pageSize, cursors: pageSize === old.pageSize ? old.cursors : [] },
      ),
    [update],
  );
  const nextPage = useCallback(
    (cursor: string) =>
      update((old) => ({
        ...old,
        pageIndex: old.pageIndex + 1,
        cursors: [...old.cursors.slice(0, old.pageIndex), cursor],
      })),
    [update],
  );
  const previousPage = useCallback(
    () => update((old) => (old.pageIndex === 0 ? old : { ...old, pageIndex: old.pageIndex - 1 })),
    [update],
  );

  const query = useMemo<ServerTableQuery>(
    () => ({
      sorting: state.sorting,
      columnFilters: debounced.columnFilters,
      search: debounced.search,
      pageIndex: state.pageIndex,
      pageSize: state.pageSize,
      cursor: state.pageIndex > 0 ? state.cursors[state.pageIndex - 1] : undefined,
    }),
    [state.sorting, debounced, state.pageIndex, state.pageSize, state.cursors],
  );

  const { sorting, columnFilters, search, pageIndex, pageSize } = state;
  const tableProps = useCallback(
    (paging: ServerPaging) => {
      const common: ServerTableProps = {
        sorting: { state: sorting, onChange: onSortingChange, manual: true },
        filtering: { columnFilters, onChange: onColumnFiltersChange, manual: true },
        search: { value: search, onChange: onSearchChange },
      };
      if (typeof paging === 'number') {
        const pages: PaginationProps = { pageIndex, pageSize, rowCount: paging, onChange: setPage };
        return { ...common, paging: { pages } } satisfies ServerTableProps;
      }
      const cursorPagination: CursorPaginationProps = paging.onLoadMore
        ? { mode: 'more', nextCursor: paging.nextCursor, onNext: paging.onLoadMore, loading: paging.loading }
        : {
            mode: 'pages',
            nextCursor: paging.nextCursor,
            onNext: nextPage,
            onPrevious: pageIndex > 0 ? previousPage : undefined,
            pageIndex,
            loading: paging.loading,
          };
      return { ...common, paging: { cursor: cursorPagination } } satisfies ServerTableProps;
    },
    [
      sorting,
      onSortingChange,
      columnFilters,
      onColumnFiltersChange,
      search,
      onSearchChange,
      pageIndex,
      pageSize,
      setPage,
      nextPage,
      previousPage,
    ],
  );

  return { state, query, tableProps, setPage };
}
