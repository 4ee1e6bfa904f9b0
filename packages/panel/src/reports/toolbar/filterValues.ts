import {
  DIMENSION_VALUE_FORMATS,
  entityPath,
  isNumericDimension,
  PAGE_SIZE_MAX,
  REPORT_VALUES_PATH,
  type ReportDimension,
  reportValuesResponseSchema,
} from '@cairn/contract';
import type { ComboboxOption, DateRangeValue } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../../app/services.ts';
import { isEntityDimension } from '../dimensions.ts';
import { periodParams } from '../period.ts';

// What a filter's type-ahead offers: an entity dimension's items by name (every one, archived too: old
// traffic names them), any other dimension's values seen in the period, most clicked first, from
// `GET /api/report/values`. Dimensions written by a format (days, rules, paths) offer nothing to pick.

const namesSchema = z.object({ items: z.array(z.object({ id: z.number(), name: z.string() })) });

/** How many values seen in the period a picker offers; typing narrows them, and any value can be typed. */
const VALUES_OFFERED = 100;

/** Whether the dimension's values are picked (by name) rather than written in a format (days, rules). */
export function usesPicker(dimension: ReportDimension): boolean {
  if (isEntityDimension(dimension) || dimension === 'country') return true;
  return !isNumericDimension(dimension) && !DIMENSION_VALUE_FORMATS[dimension];
}

export function useFilterValueOptions(
  dimension: ReportDimension,
  period: DateRangeValue | undefined,
): { options: ComboboxOption[]; loading: boolean } {
  const { client } = useServices();
  const entity = isEntityDimension(dimension);
  const names = useQuery({
    queryKey: ['reports', 'filter-names', dimension],
    queryFn: async ({ signal }) => {
      const kind = dimension === 'group' ? 'group' : dimension;
      const result = await client.get(entityPath.list(kind), {
        query: { pageSize: PAGE_SIZE_MAX, sort: 'name:asc', archived: 'all' },
        schema: namesSchema,
        signal,
      });
      return result.status === 'ok'
        ? result.data.items.map((item) => ({
            value: String(item.id),
            label: item.name,
            keywords: String(item.id),
          }))
        : [];
    },
    enabled: entity,
    staleTime: 60_000,
  });
  const seen = useQuery({
    queryKey: ['reports', 'filter-values', dimension, period ? periodParams(period) : null],
    queryFn: async ({ signal }) => {
      const result = await client.get(REPORT_VALUES_PATH, {
        query: {
          dimension,
          limit: VALUES_OFFERED,
          ...(period ? periodParams(period) : { preset: 'last_30_days' }),
        },
        schema: reportValuesResponseSchema,
        signal,
      });
      return result.status === 'ok'
        ? result.data.values.map((row) => {
            const value = String(row.value);
            const label = row.name && row.name !== value ? `${row.name} (${value})` : value || '(none)';
            return { value, label, keywords: row.name };
          })
        : [];
    },
    enabled: !entity && usesPicker(dimension),
    staleTime: 60_000,
  });
  const query = entity ? names : seen;
  return { options: query.data ?? [], loading: query.isFetching };
}
