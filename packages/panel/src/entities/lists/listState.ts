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
import { useLocation, useSearch } from 'wouter';
import { useServices } from '../../app/services.ts';
import { parseQuery, type RouteQuery, stringifyQuery } from '../../routes/query.ts';
import type { ListParams } from '../api.ts';

// What a list shows (search, filters, sort, archived, page) as one value, kept in the route query when
// the debug setting isSyncSortingAndFiltersWithRouter is on (so a link or reload shows the same list),
// otherwise in the page's own state.

export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

export interface ListState {
  q: string;
  sort: SortTerm[];
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

/** Reads a list state from a route query (bracket style: `filter[groupId]=3`); bad values fall back. */
export function listStateFromQuery(query: RouteQuery, spec: EntityListSpec): ListState {
  const state = defaultListState(spec);
  if (typeof query.q === 'string') state.q = query.q;
  if (typeof query.sort === 'string') {
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
  const sort = formatSort(state.sort);
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

/** The list state and its setter, in the address or in memory as the debug setting says. */
export function useListState(spec: EntityListSpec): [ListState, (next: ListState) => void] {
  const { debugSettings } = useServices();
  const settings = useSyncExternalStore(debugSettings.subscribe, debugSettings.getSnapshot);
  const sync = settings.isSyncSortingAndFiltersWithRouter;
  const search = useSearch();
  const [path, navigate] = useLocation();
  const [local, setLocal] = useState<ListState>(() => listStateFromQuery(parseQuery(search), spec));
  const fromRoute = useMemo(() => listStateFromQuery(parseQuery(search), spec), [search, spec]);
  const set = useCallback(
    (next: ListState) => {
      if (!sync) {
        setLocal(next);
        return;
      }
      // Replacing, not pushing: each keystroke of a search is not a step back.
      navigate(`${path}${stringifyQuery(queryFromListState(next, spec))}`, { replace: true });
    },
    [sync, navigate, path, spec],
  );
  return [sync ? fromRoute : local, set];
}
