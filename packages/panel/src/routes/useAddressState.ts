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
      const addressOf = (shown: T) => `${path}${stringifyQuery({ ...others, ...part.write(shown) })}`;
      const current = `${path}${search ? `?${search}` : ''}`;
      const target = addressOf(next);
      if (target === current) return;
      const replace = change?.replace ?? false;
      // The entry being left is made to say all it showed (a period that came from memory, not from its
      // address), so the back button returns to that view, not to whatever memory holds by then.
      const shown = addressOf(state);
      if (!replace && shown !== current) navigate(shown, { replace: true });
      navigate(target, { replace });
    },
    [part, query, state, path, search, navigate],
  );
  return [state, set];
}
