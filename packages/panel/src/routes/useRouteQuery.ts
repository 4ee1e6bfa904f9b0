import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { parseQuery, type RouteQuery } from './query.ts';

/** The current route's query, parsed in the bracket style (`f[name]=x&ids[]=1`). */
export function useRouteQuery(): RouteQuery {
  const search = useSearch();
  return useMemo(() => parseQuery(search), [search]);
}
