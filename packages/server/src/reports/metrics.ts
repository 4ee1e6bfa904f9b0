import { CUSTOM_EVENT_METRICS, type ReportMetrics, type ReportSortKey } from '@cairn/contract';
import { COST_KINDS_SQL, EVENT_KIND } from '../events/event.ts';
import type { ReportDialect } from './plan/dialect.ts';

// Every metric derives from the sums below, so any grouping can be re-aggregated (a level from the level
// below, totals from the top level) by adding, and the ratios are computed once from the sums.
// Counts come from the event kind; a conversion's status changes arrive as correcting events carrying
// -1/+1 and the revenue difference, so plain sums are right. Cost counts on clicks and cost changes only
// (COST_KINDS_SQL): lander clicks and conversions copy their click's fields and must not count it again.

export const SUM_COLUMNS = [
  'clicks',
  'unique_clicks',
  'lp_views',
  'lp_clicks',
  'approved',
  'pending',
  'declined',
  'revenue',
  'cost',
  // Custom events per slot: the metric's own name (event1 counts slot 1), summed as the others are.
  ...CUSTOM_EVENT_METRICS,
] as const;
export type SumColumn = (typeof SUM_COLUMNS)[number];
export type Sums = Record<SumColumn, number>;

/** The aggregates over raw events, in SUM_COLUMNS order, each `expr AS column`. */
export function eventAggregates(dialect: ReportDialect): string[] {
  const expressions: Record<SumColumn, string> = {
    clicks: dialect.countIf('kind = 1'),
    unique_clicks: dialect.countIf('kind = 1 AND is_unique'),
    lp_views: dialect.countIf('kind = 1 AND landing_id <> 0'),
    lp_clicks: dialect.countIf('kind = 2'),
    approved: 'sum(approved)',
    pending: 'sum(pending)',
    declined: 'sum(declined)',
    revenue: 'sum(revenue_micros)',
    cost: dialect.sumIf('cost_micros', COST_KINDS_SQL),
    ...customEventCounts((slot) => dialect.countIf(customEventCondition(slot))),
  };
  return SUM_COLUMNS.map((column) => `${expressions[column]} AS ${column}`);
}

/** Events of `slot` (1-based) among raw events, as SQL. */
export const customEventCondition = (slot: number): string =>
  `kind = ${EVENT_KIND.customEvent} AND event_slot = ${slot}`;

/** One value per custom event metric, made from its slot. */
function customEventCounts<T>(of: (slot: number) => T): Record<(typeof CUSTOM_EVENT_METRICS)[number], T> {
  return Object.fromEntries(CUSTOM_EVENT_METRICS.map((metric, index) => [metric, of(index + 1)])) as Record<
    (typeof CUSTOM_EVENT_METRICS)[number],
    T
  >;
}

/** The custom event sums behind a row's metrics (each metric is its own sum). */
export function customEventSumsOf(
  metrics: Partial<Record<(typeof CUSTOM_EVENT_METRICS)[number], number>>,
): Record<(typeof CUSTOM_EVENT_METRICS)[number], number> {
  return customEventCounts(
    (slot) => metrics[CUSTOM_EVENT_METRICS[slot - 1] as (typeof CUSTOM_EVENT_METRICS)[number]] ?? 0,
  );
}

/** The same sums over rows that already hold them. */
export function reAggregates(prefix = ''): string[] {
  return SUM_COLUMNS.map((column) => `sum(${prefix}${column}) AS ${column}`);
}

export function zeroSums(): Sums {
  return Object.fromEntries(SUM_COLUMNS.map((column) => [column, 0])) as Sums;
}

export function sumsOf(row: Record<string, unknown>): Sums {
  return Object.fromEntries(SUM_COLUMNS.map((column) => [column, Number(row[column] ?? 0)])) as Sums;
}

export function addSums(into: Sums, add: Sums): Sums {
  for (const column of SUM_COLUMNS) into[column] += add[column];
  return into;
}

const ratio = (numerator: number, divisor: number) => (divisor === 0 ? 0 : numerator / divisor);

export function metricsOf(sums: Sums): ReportMetrics {
  const leads = sums.approved + sums.pending;
  const profit = sums.revenue - sums.cost;
  return {
    clicks: sums.clicks,
    uniqueClicks: sums.unique_clicks,
    lpViews: sums.lp_views,
    lpClicks: sums.lp_clicks,
    lpCtr: ratio(sums.lp_clicks * 100, sums.lp_views),
    leads,
    leadsApproved: sums.approved,
    leadsPending: sums.pending,
    leadsDeclined: sums.declined,
    cr: ratio(leads * 100, sums.clicks),
    revenue: sums.revenue,
    cost: sums.cost,
    profit,
    roi: ratio(profit * 100, sums.cost),
    epc: Math.round(ratio(sums.revenue, sums.clicks)),
    cpc: Math.round(ratio(sums.cost, sums.clicks)),
    ...customEventCounts((slot) => sums[CUSTOM_EVENT_METRICS[slot - 1] as SumColumn]),
  };
}

const sqlRatio = (numerator: string, divisor: string) =>
  `CASE WHEN ${divisor} = 0 THEN 0 ELSE (${numerator}) * 1.0 / ${divisor} END`;

/** A metric as SQL over the sum columns, for sorting in the store. */
export function metricSql(metric: Exclude<ReportSortKey, 'value'>): string {
  const leads = '(approved + pending)';
  const profit = '(revenue - cost)';
  const sql: Record<Exclude<ReportSortKey, 'value'>, string> = {
    clicks: 'clicks',
    uniqueClicks: 'unique_clicks',
    lpViews: 'lp_views',
    lpClicks: 'lp_clicks',
    lpCtr: sqlRatio('lp_clicks * 100', 'lp_views'),
    leads,
    leadsApproved: 'approved',
    leadsPending: 'pending',
    leadsDeclined: 'declined',
    cr: sqlRatio(`${leads} * 100`, 'clicks'),
    revenue: 'revenue',
    cost: 'cost',
    profit,
    roi: sqlRatio(`${profit} * 100`, 'cost'),
    epc: sqlRatio('revenue', 'clicks'),
    cpc: sqlRatio('cost', 'clicks'),
    ...customEventCounts((slot) => CUSTOM_EVENT_METRICS[slot - 1] as string),
  };
  return sql[metric];
}
