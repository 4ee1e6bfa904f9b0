import type { ReportMetric } from '@cairn/contract';
import type { DateRangeValue } from '@cairn/ui';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { ReportFilters } from '../reports/api.ts';
import { isMetric } from '../reports/metrics.ts';
import { periodFromQuery, periodOf, queryFromPeriod } from '../reports/period.ts';
import { filtersFromQuery } from '../reports/reportState.ts';
import { queryString, stringifyQuery } from '../routes/query.ts';
import { useRouteQuery } from '../routes/useRouteQuery.ts';
import { BUCKETS, type Bucket } from './buckets.ts';

// What the trends page (and the click log) shows lives in its address:
// `?period=last7&tz=UTC&per=hour&chart=profit&filter[campaign]=3`.

export interface TrendsState {
  period: DateRangeValue;
  bucket: Bucket;
  chartMetric: ReportMetric;
  filters: ReportFilters;
}

export function useTrendsState(
  timeZone: string,
  defaultPreset: 'today' | 'last7' = 'last7',
): [TrendsState, (change: Partial<TrendsState>) => void] {
  const query = useRouteQuery();
  const [path, navigate] = useLocation();
  const state = useMemo<TrendsState>(() => {
    const per = queryString(query, 'per');
    const chart = queryString(query, 'chart') ?? '';
    return {
      period: periodFromQuery(query, periodOf(defaultPreset, timeZone)),
      bucket: (BUCKETS as readonly string[]).includes(per ?? '') ? (per as Bucket) : 'day',
      chartMetric: isMetric(chart) ? chart : 'clicks',
      filters: filtersFromQuery(query),
    };
  }, [query, timeZone, defaultPreset]);
  const update = useCallback(
    (change: Partial<TrendsState>) => {
      const next = { ...state, ...change };
      const filter = Object.fromEntries(
        Object.entries(next.filters).map(([dimension, values]) => [dimension, (values ?? []).join(',')]),
      );
      navigate(
        `${path}${stringifyQuery({
          ...queryFromPeriod(next.period),
          // Defaults stay out, so the click log (which shares this shape) keeps a plain address.
          ...(next.bucket === 'day' ? {} : { per: next.bucket }),
          ...(next.chartMetric === 'clicks' ? {} : { chart: next.chartMetric }),
          ...(Object.keys(filter).length > 0 ? { filter } : {}),
        })}`,
        { replace: true },
      );
    },
    [navigate, path, state],
  );
  return [state, update];
}
