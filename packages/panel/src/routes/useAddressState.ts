import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseQuery, type RouteQuery, stringifyQuery } from './query.ts';

// What a page shows (a list's search, filters and sort, a report's grouping, the period of the numbers)
// kept in its address, so a shared link or a reload opens the same view and the back button steps back
// through the viewer's choices. Several parts of a page may each keep their own keys of one address
// (a list's state beside the period of its numbers): a part writes its keys and leaves the others.

export interface AddressPart<T> {
  /** The query keys this part owns: a change rewrites these and keeps every other key. */
  keys: readonly string[];
  /** The state an address says; a missing or invalid value falls back to a default, never an error. */
  read: (query: RouteQuery) => T;
  /** The query values of a state, for the owned keys only. */
  write: (state: T) => Record<string, unknown>;
}

export interface AddressChange {
  /**
   * Replace the history entry instead of adding one: for changes that are not a step of their own
   * (each keystroke of a search).
   */
  replace?: boolean;
}

/** A part of the page's state read from the address, and its setter that writes the address. */
export function useAddressState<T>(part: AddressPart<T>): [T, (next: T, change?: AddressChange) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const query = useMemo(() => parseQuery(search), [search]);
  const state = useMemo(() => part.read(query), [part, query]);
  const set = useCallback(
    (next: T, change?: AddressChange) => {
      const others = Object.fromEntries(Object.entries(query).filter(([key]) => !part.keys.includes(key)));
      const address = `${path}${stringifyQuery({ ...others, ...part.write(next) })}`;
      if (address !== `${path}${search ? `?${search}` : ''}`) {
        navigate(address, { replace: change?.replace ?? false });
      }
    },
    [part, query, path, search, navigate],
  );
  return [state, set];
}
