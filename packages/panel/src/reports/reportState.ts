import { REPORT_LEVELS_MAX, type ReportConversionTime, type ReportDimension } from '@cairn/contract';
import type { DateRangeValue } from '@cairn/ui';
import { useCallback, useMemo } from 'react';
import { type RouteQuery, stringifyQuery } from '../routes/query.ts';
import type { SubjectType } from '../routes/table.ts';
import { useAddressState } from '../routes/useAddressState.ts';
import { useRouteQuery } from '../routes/useRouteQuery.ts';
import type { ReportFilters } from './api.ts';
import { isDimension } from './dimensions.ts';
import { queryFromPeriod, rememberPeriod } from './period.ts';
import { PERIOD_KEYS, periodOfAddress, useRememberNamedPeriod } from './periodState.ts';

// What a report shows (grouping, period, extra filters) lives in its address, so a link, a reload or
// the back button (each choice is a step) show the same report: `?group=offer,country&period=last7&tz=UTC&filter[country]=US`
// (and `&conversions=click` where conversions count at their click's time).

export interface ReportState {
  levels: ReportDimension[];
  period: DateRangeValue;
  filters: ReportFilters;
  /** Absent: at the conversion's own time, the server's default. */
  conversionTime?: ReportConversionTime;
}

export function conversionTimeFromQuery(query: RouteQuery): ReportConversionTime {
  return query.conversions === 'click' ? 'click' : 'conversion';
}

/** What a subject's report is grouped by before the viewer chooses. */
export const DEFAULT_LEVELS: Record<SubjectType, ReportDimension[]> = {
  campaign: ['offer'],
  offer: ['campaign'],
  landing: ['offer'],
  'affiliate-network': ['offer'],
  rotation: ['campaign'],
  'traffic-source': ['campaign'],
};

export function levelsFromQuery(query: RouteQuery, fallback: readonly ReportDimension[]): ReportDimension[] {
  const text = typeof query.group === 'string' ? query.group : '';
  const levels = text.split(',').filter(isDimension);
  const unique = levels.filter((level, index) => levels.indexOf(level) === index).slice(0, REPORT_LEVELS_MAX);
  return unique.length > 0 ? unique : [...fallback];
}

export function filtersFromQuery(query: RouteQuery): ReportFilters {
  const filters: ReportFilters = {};
  const given = query.filter;
  if (typeof given !== 'object' || given === null || Array.isArray(given)) return filters;
  for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
    if (!isDimension(key) || typeof value !== 'string') continue;
    const values = value.split(',').filter((part) => part !== '');
    if (values.length > 0) filters[key] = values;
  }
  return filters;
}

export function queryFromState(state: ReportState): Record<string, unknown> {
  const filter = Object.fromEntries(
    Object.entries(state.filters)
      .filter(([, values]) => values && values.length > 0)
      .map(([dimension, values]) => [dimension, (values ?? []).join(',')]),
  );
  return {
    group: state.levels.join(','),
    ...queryFromPeriod(state.period),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(state.conversionTime === 'click' ? { conversions: 'click' } : {}),
  };
}

export function reportAddress(path: string, state: ReportState): string {
  return `${path}${stringifyQuery(queryFromState(state))}`;
}

const REPORT_KEYS = ['group', 'filter', 'conversions', ...PERIOD_KEYS];

export function useReportState(
  defaultLevels: readonly ReportDimension[],
  timeZone: string,
): [ReportState, (change: Partial<ReportState>) => void] {
  const part = useMemo(
    () => ({
      keys: REPORT_KEYS,
      read: (query: RouteQuery): ReportState => ({
        levels: levelsFromQuery(query, defaultLevels),
        // Without a period of its own, the report opens on the one last chosen on a list or a report.
        period: periodOfAddress(query, timeZone),
        filters: filtersFromQuery(query),
        conversionTime: conversionTimeFromQuery(query),
      }),
      write: queryFromState,
    }),
    [defaultLevels, timeZone],
  );
  const [state, set] = useAddressState(part);
  useRememberNamedPeriod(state.period, useRouteQuery());
  const update = useCallback(
    (change: Partial<ReportState>) => {
      if (change.period) rememberPeriod(change.period);
      set({ ...state, ...change });
    },
    [set, state],
  );
  return [state, update];
}
