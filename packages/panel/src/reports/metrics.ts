import {
  CUSTOM_EVENT_METRICS,
  type CustomEventMetric,
  customEventTitle,
  isCustomEventMetric,
  PROFIT_METRICS,
  REPORT_METRICS,
  type ReportMetric,
  reportMetricsSchema,
} from '@cairn/contract';
import { type ColumnKind, formatValue } from '@cairn/ui';
import type { z } from 'zod';

// The metrics of the reports engine as the panel shows them: labels, how each is formatted, and which
// of them an answer actually carries (a hide-profit user's answers leave the profit figures out).

/** Metrics as answered: a hide-profit user gets no revenue, profit, ROI, EPC or leads. */
export type Metrics = Partial<Record<ReportMetric, number>>;
export const metricsSchema: z.ZodType<Metrics> = reportMetricsSchema.partial();

export interface MetricDef {
  id: ReportMetric;
  label: string;
  kind: ColumnKind;
  /** Fixed decimals of the shown value. */
  decimals: number;
  /** Money arrives in micro-units of the base currency. */
  money: boolean;
}

const def = (id: ReportMetric, label: string, kind: ColumnKind, decimals: number): MetricDef => ({
  id,
  label,
  kind,
  decimals,
  money: kind === 'money',
});

export const METRIC_DEFS: Record<ReportMetric, MetricDef> = {
  clicks: def('clicks', 'Clicks', 'number', 0),
  uniqueClicks: def('uniqueClicks', 'Unique clicks', 'number', 0),
  lpViews: def('lpViews', 'LP views', 'number', 0),
  lpClicks: def('lpClicks', 'LP clicks', 'number', 0),
  lpCtr: def('lpCtr', 'LP CTR', 'percent', 2),
  // One word for one thing: the panel says "Conversions" wherever the engine counts leads (the spec's own
  // page names, such as the Leads report, stay as the spec writes them).
  leads: def('leads', 'Conversions', 'number', 0),
  leadsApproved: def('leadsApproved', 'Approved', 'number', 0),
  leadsPending: def('leadsPending', 'Pending', 'number', 0),
  leadsDeclined: def('leadsDeclined', 'Declined', 'number', 0),
  cr: def('cr', 'CR', 'percent', 2),
  revenue: def('revenue', 'Revenue', 'money', 2),
  cost: def('cost', 'Cost', 'money', 2),
  profit: def('profit', 'Profit', 'money', 2),
  roi: def('roi', 'ROI', 'percent', 2),
  // Per-click money is usually a fraction of a cent apart: two decimals would hide the difference.
  epc: def('epc', 'EPC', 'money', 4),
  cpc: def('cpc', 'CPC', 'money', 4),
  // Titled `Event N` until the installation's slot names are known (customEventTitle).
  ...(Object.fromEntries(
    CUSTOM_EVENT_METRICS.map((metric, index) => [metric, def(metric, `Event ${index + 1}`, 'number', 0)]),
  ) as Record<CustomEventMetric, MetricDef>),
};

/** A metric's title: an event slot's is its configured name (useCustomEventNames) when it has one. */
export function metricLabel(id: ReportMetric, eventNames: readonly string[]): string {
  if (!isCustomEventMetric(id)) return METRIC_DEFS[id].label;
  return customEventTitle(CUSTOM_EVENT_METRICS.indexOf(id) + 1, eventNames);
}

/** Built-in defaults, used until the columns settings or the user say otherwise. */
export const BUILT_IN_METRICS = {
  // In the order a buyer reads a row, all of them in view at 1440 px beside the name.
  list: ['clicks', 'leads', 'cr', 'cost', 'revenue', 'profit', 'roi', 'epc'],
  report: [
    'clicks',
    'uniqueClicks',
    'lpClicks',
    'lpCtr',
    'leads',
    'cr',
    'revenue',
    'cost',
    'profit',
    'roi',
    'epc',
  ],
  trends: ['clicks', 'uniqueClicks', 'leads', 'revenue', 'cost', 'profit', 'roi'],
} as const satisfies Record<string, readonly ReportMetric[]>;

/** The body text size the column widths are drawn for; a larger one widens them alike. */
const BASE_FONT_PX = 14;

/**
 * A metric column's width: room for its header and for a total in the millions (`$1,234,567.89`), grown
 * with the viewer's font-size delta so a larger text does not cut the numbers short.
 */
export function metricWidth(id: ReportMetric, fontSizeDelta = 0): number {
  const metric = METRIC_DEFS[id];
  const width = Math.max(metric.money ? 128 : 96, metric.label.length * 9 + 28);
  return Math.round(width * Math.max(1, (BASE_FONT_PX + fontSizeDelta) / BASE_FONT_PX));
}

export function isMetric(id: string): id is ReportMetric {
  return (REPORT_METRICS as readonly string[]).includes(id);
}

/** The metric as shown: money in units of the currency, the rest as the server counts it. */
export function metricValue(metrics: Metrics | undefined, id: ReportMetric): number | undefined {
  const value = metrics?.[id];
  if (value === undefined) return undefined;
  return METRIC_DEFS[id].money ? value / 1_000_000 : value;
}

export interface MetricFormat {
  locale: string;
  currency: string;
}

export function formatMetric(id: ReportMetric, value: number | undefined, format: MetricFormat): string {
  const metric = METRIC_DEFS[id];
  return formatValue(value, metric.kind, {
    locale: format.locale,
    currency: format.currency,
    decimals: metric.decimals,
  });
}

/**
 * The metrics worth a column: those chosen that the server answered. Before any answer, a hide-profit
 * user's profit metrics are left out already, so their columns do not flash in and out.
 */
export function shownMetrics(
  chosen: readonly ReportMetric[],
  answered: Metrics | undefined,
  hideProfit: boolean,
): ReportMetric[] {
  return chosen.filter((id) =>
    answered ? answered[id] !== undefined : !(hideProfit && PROFIT_METRICS.includes(id)),
  );
}

/** The metrics a user may choose from. */
export function choosableMetrics(hideProfit: boolean): ReportMetric[] {
  return REPORT_METRICS.filter((id) => !(hideProfit && PROFIT_METRICS.includes(id)));
}
