import {
  type LocalDateTime,
  type MetricComparisonOf,
  REPORT_LIMIT_MAX,
  REPORT_METRICS,
  type ReportMetrics,
  type ReportQuery,
  type ReportRange,
  type ReportResponse,
  type ReportRow,
} from '@cairn/contract';
import { HttpError } from '../http.ts';
import { customEventSumsOf, metricsOf, type Sums, zeroSums } from './metrics.ts';
import { isTimeDimension } from './scope.ts';

// `compare` (beta: report_period_comparison): the same report over another period, set beside each row
// and the totals: the period of equal length just before (`previous`) or the one chosen (`custom`).
//
// Done here rather than by the panel asking twice: rows are matched by value across the two answers, and
// the second answer has to reach further than the first's top rows (a campaign 5th now may be 150th
// before), and an "Others" row is only comparable as the parent's previous sums less its named siblings'.
// Both need the sums behind the metrics and one consistent pair of ranges, which this side has.

type Comparison = MetricComparisonOf<ReportMetrics>;

/** The summable counts behind a row's metrics (each ratio is recomputed from them). */
function sumsOfMetrics(metrics: ReportMetrics): Sums {
  return {
    clicks: metrics.clicks,
    unique_clicks: metrics.uniqueClicks,
    lp_views: metrics.lpViews,
    lp_clicks: metrics.lpClicks,
    approved: metrics.leadsApproved,
    pending: metrics.leadsPending,
    declined: metrics.leadsDeclined,
    revenue: metrics.revenue,
    cost: metrics.cost,
    ...customEventSumsOf(metrics),
  };
}

function minus(from: Sums, take: Sums): Sums {
  const result = { ...from };
  for (const key of Object.keys(result) as (keyof Sums)[]) result[key] = Math.max(0, from[key] - take[key]);
  return result;
}

export function comparisonOf(now: ReportMetrics, previous: ReportMetrics): Comparison {
  const change = { ...now };
  const changePercent: Comparison['changePercent'] = {};
  for (const metric of REPORT_METRICS) {
    change[metric] = now[metric] - previous[metric];
    changePercent[metric] =
      previous[metric] === 0 ? null : (change[metric] / Math.abs(previous[metric])) * 100;
  }
  return { previous, change, changePercent };
}

export function refuseCompare(message: string): never {
  throw new HttpError(400, { message, errors: [{ message, detail: { field: 'compare' } }] });
}

/** Refuses what has no period to compare with, before any query runs. */
export function checkComparable(query: ReportQuery): void {
  // Rows are matched by value, and a time bucket of one period is never a value of another.
  if (query.levels.some((level) => isTimeDimension(level.dimension))) {
    refuseCompare('Compare with another period works on reports not grouped by time');
  }
  if (query.compare === 'previous' && query.range.preset === 'all_time') {
    refuseCompare('All time has no previous period to compare with');
  }
}

/** An instant as the report query's local date-time in UTC (offset 0). */
export function utcLocal(ms: number): LocalDateTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
    offsetMinutes: 0,
    dateOnly: false,
  };
}

/**
 * The query of the period before, as UTC instants; every level reaches its most rows, so a value shown
 * now is found there unless it truly had no traffic (or ranked past the thousandth).
 */
export function previousQuery(query: ReportQuery, current: ReportResponse): ReportQuery | null {
  if (!current.range.from || !current.range.to) return null;
  const from = Date.parse(current.range.from);
  const to = Date.parse(current.range.to);
  const length = to - from;
  return comparedQuery(query, { preset: 'custom', from: utcLocal(from - length), to: utcLocal(from) });
}

/**
 * The query of the period compared with: `previous` (see previousQuery), or the chosen range, read in
 * the report's zone as its own range is, with the same filters and the same counting of conversions.
 */
export function comparisonQuery(query: ReportQuery, current: ReportResponse): ReportQuery | null {
  if (query.compare === 'custom') return query.compareRange ? comparedQuery(query, query.compareRange) : null;
  return previousQuery(query, current);
}

function comparedQuery(query: ReportQuery, range: ReportRange): ReportQuery {
  return {
    ...query,
    compare: undefined,
    compareRange: undefined,
    range,
    levels: query.levels.map((level) => ({ ...level, limit: REPORT_LIMIT_MAX, offset: 0 })),
  };
}

const keyOf = (value: string | number) => `${typeof value}:${value}`;

function compareRows(rows: ReportRow[], before: readonly ReportRow[], parentBefore: Sums): ReportRow[] {
  const byValue = new Map<string, ReportRow>();
  for (const row of before) if (row.value !== null) byValue.set(keyOf(row.value), row);
  let namedBefore = zeroSums();
  const compared = rows.map((row) => {
    if (row.value === null) return row;
    const match = byValue.get(keyOf(row.value));
    const sums = match ? sumsOfMetrics(match.metrics) : zeroSums();
    namedBefore = Object.fromEntries(
      Object.entries(namedBefore).map(([key, value]) => [key, value + sums[key as keyof Sums]]),
    ) as Sums;
    return {
      ...row,
      comparison: comparisonOf(row.metrics, metricsOf(sums)),
      ...(row.children ? { children: compareRows(row.children, match?.children ?? [], sums) } : {}),
    };
  });
  // "Others" now: whatever the parent had before that its named rows did not.
  return compared.map((row) =>
    row.value === null
      ? { ...row, comparison: comparisonOf(row.metrics, metricsOf(minus(parentBefore, namedBefore))) }
      : row,
  );
}

/** The current answer with the other period's figures beside each row and the totals. */
export function withComparison(current: ReportResponse, previous: ReportResponse): ReportResponse {
  const totalsBefore = sumsOfMetrics(previous.totals);
  return {
    ...current,
    rows: compareRows(current.rows, previous.rows, totalsBefore),
    comparison: { range: previous.range, totals: comparisonOf(current.totals, previous.totals) },
  };
}
