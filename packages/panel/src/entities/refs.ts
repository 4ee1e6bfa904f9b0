import { PAGE_SIZE_MAX } from '@cairn/contract';
import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useServices } from '../app/services.ts';
import type { ApiClient } from '../http/client.ts';
import { entityQueryKeys, fetchList } from './api.ts';
import type { Item, RefSpec } from './types.ts';

export interface RefOption {
  id: number;
  label: string;
  archived: boolean;
}

export function labelOfItem(item: Item): string {
  const label = item.name ?? item.host ?? item.login;
  return typeof label === 'string' ? label : `#${item.id}`;
}

/** Select values are strings and Radix forbids an empty one, so "no reference" has its own word. */
export const NONE = 'none';

/**
 * How long a kind's names serve every list and form without asking again. Any change made in the panel
 * refreshes them at once (it invalidates every entity query); a list naming an id they do not know asks
 * again whatever their age (useRefsCover in listColumns.tsx).
 */
export const REF_OPTIONS_STALE_MS = 5 * 60_000;

/** The query of the items a reference can point at (archived ones included, so an old reference keeps its name). */
export function refOptionsQuery(client: ApiClient, spec: RefSpec) {
  return {
    queryKey: entityQueryKeys.options(spec.kind, spec.groupKind),
    staleTime: REF_OPTIONS_STALE_MS,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<RefOption[]> => {
      const params: Record<string, string | number> = {
        archived: 'all',
        pageSize: PAGE_SIZE_MAX,
        sort: 'id:asc',
      };
      if (spec.groupKind) params.kind = spec.groupKind;
      const result = await fetchList(client, spec.kind, params, signal);
      if (result.status !== 'ok') throw new Error(result.message);
      return result.data.items.map((item) => ({
        id: item.id,
        label: labelOfItem(item),
        archived: item.archived,
      }));
    },
  };
}

/** The options of one reference, for its select and filter. */
export function useRefOptions(spec: RefSpec) {
  const { client } = useServices();
  const query = useQuery(refOptionsQuery(client, spec));
  return { options: query.data, loading: query.isPending };
}

export interface RefOptionsState {
  /** The options of each reference by `refKey`; undefined until they arrive (or when they cannot). */
  options: Map<string, RefOption[] | undefined>;
  /** Some reference has had no answer yet. */
  pending: boolean;
  fetching: boolean;
  /** When the oldest of the answers arrived (ms), 0 before all did. */
  updatedAt: number;
  refetch: () => void;
}

/** The options of several references at once (a list's reference columns, a mass edit's selects). */
export function useRefOptionsState(specs: readonly RefSpec[]): RefOptionsState {
  const { client } = useServices();
  const combined = useQueries({
    queries: specs.map((spec) => refOptionsQuery(client, spec)),
    combine: combineRefs,
  });
  // The same array while each answer is the same one: a fetch starting or ending is no new names, and
  // new names rebuild the list's columns.
  const data = useSameItems(combined.data);
  const options = useMemo(
    () => new Map(specs.map((spec, index) => [refKey(spec), data[index]])),
    [specs, data],
  );
  return {
    options,
    pending: combined.pending,
    fetching: combined.fetching,
    updatedAt: combined.updatedAt,
    refetch: combined.refetch,
  };
}

export function useRefOptionsMap(specs: readonly RefSpec[]): Map<string, RefOption[] | undefined> {
  return useRefOptionsState(specs).options;
}

function useSameItems<T>(items: readonly T[]): readonly T[] {
  const kept = useRef(items);
  const same =
    kept.current.length === items.length && kept.current.every((item, index) => item === items[index]);
  if (!same) kept.current = items;
  return kept.current;
}

// Module-level, so react-query keeps the combined result while no query result changes.
function combineRefs(results: readonly UseQueryResult<RefOption[]>[]) {
  return {
    data: results.map((result) => result.data),
    pending: results.some((result) => result.isPending),
    fetching: results.some((result) => result.isFetching),
    updatedAt: results.length === 0 ? 0 : Math.min(...results.map((result) => result.dataUpdatedAt)),
    refetch: () => {
      for (const result of results) void result.refetch();
    },
  };
}

export function refKey(spec: RefSpec): string {
  return `${spec.kind}:${spec.groupKind ?? ''}`;
}

/** Select options for a reference: "none", the active items, and the current one even if archived. */
export function refSelectOptions(
  options: readonly RefOption[] | undefined,
  noneLabel: string,
  current: unknown,
) {
  const list = (options ?? []).filter((option) => !option.archived || option.id === current);
  return [
    { value: NONE, label: noneLabel },
    ...list
      .slice()
      .sort((a, b) => a.label.localeCompare(b.label))
      .map((option) => ({
        value: String(option.id),
        label: option.archived ? `${option.label} (archived)` : option.label,
      })),
  ];
}
