import { PAGE_SIZE_MAX } from '@cairn/contract';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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
  const label = item.name ?? item.host;
  return typeof label === 'string' ? label : `#${item.id}`;
}

/** Select values are strings and Radix forbids an empty one, so "no reference" has its own word. */
export const NONE = 'none';

/** The query of the items a reference can point at (archived ones included, so an old reference keeps its name). */
export function refOptionsQuery(client: ApiClient, spec: RefSpec) {
  return {
    queryKey: entityQueryKeys.options(spec.kind, spec.groupKind),
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

/** The options of several references at once (a list's reference columns, a mass edit's selects). */
export function useRefOptionsMap(specs: readonly RefSpec[]): Map<string, RefOption[] | undefined> {
  const { client } = useServices();
  const data = useQueries({ queries: specs.map((spec) => refOptionsQuery(client, spec)), combine: dataOf });
  return useMemo(() => new Map(specs.map((spec, index) => [refKey(spec), data[index]])), [specs, data]);
}

// Module-level, so react-query keeps the combined array's identity while no result changes.
function dataOf(results: readonly { data: RefOption[] | undefined }[]) {
  return results.map((result) => result.data);
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
