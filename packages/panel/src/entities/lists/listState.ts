import {
  ARCHIVED_FILTERS,
  type EntityListSpec,
  formatSort,
  PAGE_SIZE_DEFAULT,
  parseSort,
  type SortTerm,
} from '@cairn/contract';
import type { SortingState } from '@cairn/ui';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services.ts';
import type { RouteQuery } from '../../routes/query.ts';
import { type AddressChange, useAddressState } from '../../routes/useAddressState.ts';
import type { ListParams } from '../api.ts';

// What a list shows (search, filters, sort, archived, page) as one value, kept in the route query when
// the debug setting isSyncSortingAndFiltersWithRouter is on (so a link, a reload or the back button
// shows the same list), otherwise in the page's own state.

export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

export interface ListState {
  q: string;
  sort: SortTerm[];
  /**
   * Sorted by one of the numbers beside the rows (clicks, profit ...), which the stats order, not the
   * list: in the address as the one `sort` term (`sort=profit:desc`), the list's own sort then its default.
   */
  statsSort: { metric: string; desc: boolean } | null;
  /** Filter parameter -> its wire value (`groupId` -> `3` or `none`). */
  filters: Record<string, string>;
  archived: ArchivedFilter;
  page: number;
  pageSize: number;
}

export function defaultListState(spec: EntityListSpec): ListState {
  return {
    q: '',
    sort: [...spec.defaultSort],
    statsSort: null,
    filters: {},
    archived: 'false',
    page: 1,
    pageSize: PAGE_SIZE_DEFAULT,
  };
}

const positive = (text: unknown, fallback: number) => {
  const value = typeof text === 'string' && /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
  return value >= 1 ? value : fallback;
};

/**
 * Reads a list state from a route query (bracket style: `filter[groupId]=3`); bad values fall back.
 * `statsFields`: the numbers the list may be sorted by besides its own fields.
 */
export function listStateFromQuery(
  query: RouteQuery,
  spec: EntityListSpec,
  statsFields: readonly string[] = [],
): ListState {
  const state = defaultListState(spec);
  if (typeof query.q === 'string') state.q = query.q;
  const statsTerm = typeof query.sort === 'string' ? /^(\w+):(asc|desc)$/.exec(query.sort) : null;
  if (statsTerm?.[1] && statsFields.includes(statsTerm[1]) && !spec.sortFields.includes(statsTerm[1])) {
    state.statsSort = { metric: statsTerm[1], desc: statsTerm[2] === 'desc' };
  } else if (typeof query.sort === 'string') {
    const parsed = parseSort(query.sort, spec.sortFields);
    if (parsed.ok) state.sort = parsed.terms;
  }
  const archived = query.archived;
  if (typeof archived === 'string' && (ARCHIVED_FILTERS as readonly string[]).includes(archived)) {
    state.archived = archived as ArchivedFilter;
  }
  const filter = query.filter;
  if (typeof filter === 'object' && filter !== null && !Array.isArray(filter)) {
    for (const name of Object.keys(spec.filters)) {
      const value = (filter as Record<string, unknown>)[name];
      if (typeof value === 'string' && value !== '') state.filters[name] = value;
    }
  }
  state.page = positive(query.page, 1);
  state.pageSize = Math.min(500, positive(query.pageSize, PAGE_SIZE_DEFAULT));
  return state;
}

/** The route query for a list state; defaults are left out so a plain list keeps a plain address. */
export function queryFromListState(state: ListState, spec: EntityListSpec): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (state.q) query.q = state.q;
  const sort = state.statsSort
    ? `${state.statsSort.metric}:${state.statsSort.desc ? 'desc' : 'asc'}`
    : formatSort(state.sort);
  if (sort !== formatSort(spec.defaultSort)) query.sort = sort;
  if (Object.keys(state.filters).length > 0) query.filter = state.filters;
  if (state.archived !== 'false') query.archived = state.archived;
  if (state.page !== 1) query.page = String(state.page);
  if (state.pageSize !== PAGE_SIZE_DEFAULT) query.pageSize = String(state.pageSize);
  return query;
}

/** The `GET /api/{kind}` parameters for a list state. */
export function listParams(state: ListState): ListParams {
  const params: ListParams = {
    page: state.page,
    pageSize: state.pageSize,
    archived: state.archived,
  };
  if (state.q.trim()) params.q = state.q.trim();
  if (state.sort.length > 0) params.sort = formatSort(state.sort);
  for (const [name, value] of Object.entries(state.filters)) params[name] = value;
  return params;
}

export function sortingFromTerms(terms: readonly SortTerm[]): SortingState {
  return terms.map((term) => ({ id: term.field, desc: term.direction === 'desc' }));
}

export function termsFromSorting(sorting: SortingState, allowed: readonly string[]): SortTerm[] {
  return sorting
    .filter((entry) => allowed.includes(entry.id))
    .map((entry) => ({ field: entry.id, direction: entry.desc ? 'desc' : 'asc' }));
}

const LIST_KEYS = ['q', 'sort', 'filter', 'archived', 'page', 'pageSize'] as const;

/** The list state and its setter, in the address or in memory as the debug setting says. */
export function useListState(
  spec: EntityListSpec,
  statsFields: readonly string[] = [],
): [ListState, (next: ListState, change?: AddressChange) => void] {
  const { debugSettings } = useServices();
  const settings = useSyncExternalStore(debugSettings.subscribe, debugSettings.getSnapshot);
  const sync = settings.isSyncSortingAndFiltersWithRouter;
  const part = useMemo(
    () => ({
      keys: LIST_KEYS,
      read: (query: RouteQuery) => listStateFromQuery(query, spec, statsFields),
      write: (state: ListState) => queryFromListState(state, spec),
    }),
    [spec, statsFields],
  );
  const [fromAddress, setAddress] = useAddressState(part);
  const [local, setLocal] = useState<ListState>(fromAddress);
  const set = useCallback(
    (next: ListState, change?: AddressChange) => (sync ? setAddress(next, change) : setLocal(next)),
    [sync, setAddress],
  );
  return [sync ? fromAddress : local, set];
}
