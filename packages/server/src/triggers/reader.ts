import {
  isTokenDimension,
  type ReportFilters,
  type ReportLevel,
  type ReportMetrics,
  type ReportRow,
  type TriggerScope,
} from '@cairn/contract';
import { utcLocal } from '../reports/compare.ts';
import type { ReportService } from '../reports/service.ts';
import type { ScopeRow, Window } from './evaluate.ts';

// Where a trigger's numbers come from: one report of the scope's rows over the window, through the
// report service (so it reads the summary where it can, like the panel's reports). Token rows are
// grouped under their traffic source, since a zone is only meaningful within the source that sent it.

/** Rows a trigger checks at most per level; the rest fold into "others", which never fires. */
export const SCOPE_ROWS_MAX = 1000;

const level = (dimension: ReportLevel['dimension']): ReportLevel => ({
  dimension,
  sort: 'clicks',
  order: 'desc',
  limit: SCOPE_ROWS_MAX,
  offset: 0,
  // The busiest rows by clicks, one page of them; nothing folded into an "others" row to evaluate.
  others: false,
});

export async function readScopeRows(
  reports: ReportService,
  scope: TriggerScope,
  window: Window,
  timezone: string,
): Promise<ScopeRow[]> {
  if (window.to <= window.from) return [];
  const token = isTokenDimension(scope.dimension);
  const levels = token ? [level('traffic_source'), level(scope.dimension)] : [level(scope.dimension)];
  const filters: ReportFilters = {};
  for (const [dimension, ids] of Object.entries(scope.filters)) {
    if (ids && ids.length > 0) filters[dimension as keyof ReportFilters] = ids;
  }
  const response = await reports.report(
    {
      range: { preset: 'custom', from: utcLocal(window.from), to: utcLocal(window.to) },
      timezone,
      filters,
      levels,
    },
    { campaignIds: null },
  );
  const rows: ScopeRow[] = [];
  const add = (row: ReportRow, trafficSourceId?: number) => {
    if (row.value === null) return;
    rows.push({
      key: trafficSourceId === undefined ? String(row.value) : `${trafficSourceId}:${row.value}`,
      dimension: scope.dimension,
      value: row.value,
      name: row.name,
      ...(trafficSourceId === undefined ? {} : { trafficSourceId }),
      metrics: row.metrics as ReportMetrics,
    });
  };
  for (const row of response.rows) {
    if (!token) add(row);
    else if (row.value !== null) for (const child of row.children ?? []) add(child, Number(row.value));
  }
  return rows;
}
