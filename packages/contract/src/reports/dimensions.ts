import { z } from 'zod';
import {
  CUSTOM_EVENT_METRICS,
  type CustomEventMetric,
  isCustomEventMetric,
} from '../conversions/customEvents.ts';
import { isProfitField } from '../entities/permissions.ts';

// The vocabulary of the reports engine (DESIGN.md "Reports"): what a report groups by, what it counts,
// and the time ranges it covers.

export const REPORT_PATHS = {
  report: '/api/report',
  clicks: '/api/clicks',
  /** One click's facts and its conversions with their S2S deliveries. */
  click: '/api/clicks/:clickId',
  entityStats: '/api/report/entity_stats',
  /** The whole report as CSV, streamed: every row of every level, in the report's order. */
  reportExport: '/api/report/export',
} as const;

export const REPORT_DIMENSIONS = [
  'campaign',
  'offer',
  'landing',
  'path',
  'rule',
  'rotation',
  'traffic_source',
  'affiliate_network',
  'group',
  'country',
  'region',
  'city',
  'isp',
  'connection_type',
  'device_type',
  'brand',
  'model',
  'os',
  'os_version',
  'browser',
  'browser_version',
  'language',
  'ip',
  'referrer_domain',
  'token_1',
  'token_2',
  'token_3',
  'token_4',
  'token_5',
  'token_6',
  'token_7',
  'token_8',
  'token_9',
  'token_10',
  'token_11',
  'token_12',
  'token_13',
  'token_14',
  'token_15',
  'token_16',
  'token_17',
  'token_18',
  'token_19',
  'token_20',
  'token_21',
  'token_22',
  'token_23',
  'token_24',
  'token_25',
  'token_26',
  'token_27',
  'token_28',
  'token_29',
  'token_30',
  'unique',
  'bot',
  'conversion_status',
  'hour',
  'day',
  'week',
  'month',
  'day_of_week',
  'hour_of_day',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

/** Entity dimensions: the value is the entity id (0: none), the name comes from the configuration. */
export const ENTITY_DIMENSIONS = [
  'campaign',
  'offer',
  'landing',
  'rotation',
  'traffic_source',
  'affiliate_network',
  'group',
] as const satisfies readonly ReportDimension[];

/**
 * Time buckets in the report's time zone. Values: hour `2026-03-29 03:00`, day `2026-03-29`, week the
 * Monday `2026-03-23`, month `2026-03`, day_of_week 1 (Monday) .. 7, hour_of_day 0 .. 23.
 */
export const TIME_DIMENSIONS = [
  'hour',
  'day',
  'week',
  'month',
  'day_of_week',
  'hour_of_day',
] as const satisfies readonly ReportDimension[];

/**
 * Values of the other dimensions: rule `c12:2` (rule 2 of campaign 12's own flow; `r3:2` of rotation 3's;
 * rule 0 is the default paths), path `c12:2:1` (the first path of that rule); unique `unique|non_unique`;
 * bot `bot|human`; conversion_status the status a conversion event recorded ('' for clicks); text
 * dimensions their text, '' when unknown.
 */
export const DIMENSION_VALUE_FORMATS: Partial<Record<ReportDimension, { pattern: RegExp; hint: string }>> = {
  // The empty value is the clicks no country could be told for.
  country: { pattern: /^([A-Z][A-Z0-9])?$/, hint: 'two-letter country codes such as US' },
  rule: { pattern: /^[cr]\d{1,15}:\d{1,5}$/, hint: 'c<campaign id>:<rule> or r<rotation id>:<rule>' },
  path: { pattern: /^[cr]\d{1,15}:\d{1,5}:\d{1,5}$/, hint: 'c<campaign id>:<rule>:<path>' },
  unique: { pattern: /^(unique|non_unique)$/, hint: 'unique or non_unique' },
  bot: { pattern: /^(bot|human)$/, hint: 'bot or human' },
  hour: { pattern: /^\d{4}-\d{2}-\d{2} \d{2}:00$/, hint: 'YYYY-MM-DD HH:00' },
  day: { pattern: /^\d{4}-\d{2}-\d{2}$/, hint: 'YYYY-MM-DD' },
  week: { pattern: /^\d{4}-\d{2}-\d{2}$/, hint: 'YYYY-MM-DD (a Monday)' },
  month: { pattern: /^\d{4}-\d{2}$/, hint: 'YYYY-MM' },
  day_of_week: { pattern: /^[1-7]$/, hint: '1 (Monday) to 7' },
  hour_of_day: { pattern: /^([01]?\d|2[0-3])$/, hint: '0 to 23' },
};

const NUMERIC_DIMENSIONS: readonly ReportDimension[] = [...ENTITY_DIMENSIONS, 'day_of_week', 'hour_of_day'];

/** Whether a dimension's values are numbers on the wire (ids, weekday, hour of day). */
export function isNumericDimension(dimension: ReportDimension): boolean {
  return NUMERIC_DIMENSIONS.includes(dimension);
}

// Metrics. Counts are integers; money (revenue, cost, profit, epc, cpc) is integer micro-units (epc and
// cpc rounded to the micro); lpCtr, cr and roi are percentages. A ratio whose divisor is 0 is 0.
//   lpCtr = lpClicks / lpViews * 100 (lpViews: clicks sent to a lander)   leads = approved + pending
//   cr = leads / clicks * 100   epc = revenue / clicks   cpc = cost / clicks
//   profit = revenue - cost     roi = profit / cost * 100
// The conversion counts are named leads* so the hide-profit filter (isProfitField) drops them with leads.
export const REPORT_METRICS = [
  'clicks',
  'uniqueClicks',
  'lpViews',
  'lpClicks',
  'lpCtr',
  'leads',
  'leadsApproved',
  'leadsPending',
  'leadsDeclined',
  'cr',
  'revenue',
  'cost',
  'profit',
  'roi',
  'epc',
  'cpc',
  // Custom event counts per slot (conversions/customEvents.ts), titled by the slots' names.
  ...CUSTOM_EVENT_METRICS,
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];
export type ReportMetrics = Record<ReportMetric, number>;
/** Custom event counts read 0 where metrics made before them lack them (a trigger's stored figures). */
export const reportMetricsSchema = z.object(
  Object.fromEntries(
    REPORT_METRICS.map((metric) => [
      metric,
      isCustomEventMetric(metric) ? z.number().default(0) : z.number(),
    ]),
  ) as Record<Exclude<ReportMetric, CustomEventMetric>, z.ZodNumber> &
    Record<CustomEventMetric, z.ZodDefault<z.ZodNumber>>,
);
/** No custom events: each count 0, for metrics built field by field. */
export const NO_CUSTOM_EVENTS: Readonly<Record<CustomEventMetric, number>> = Object.fromEntries(
  CUSTOM_EVENT_METRICS.map((metric) => [metric, 0]),
) as Record<CustomEventMetric, number>;

/** The metrics a hide-profit user never receives, and so may not sort by. */
export const PROFIT_METRICS: readonly ReportMetric[] = REPORT_METRICS.filter(isProfitField);

export const REPORT_SORT_KEYS = ['value', ...REPORT_METRICS] as const;
export type ReportSortKey = (typeof REPORT_SORT_KEYS)[number];

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last_7_days',
  'last_30_days',
  'this_month',
  'last_month',
  'all_time',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const REPORT_LEVELS_MAX = 3;
/**
 * Rows per page of each level unless `pageSize` or `limit` says otherwise: nested levels show fewer so a
 * 3-level page stays a few thousand rows; a time bucket as the first level shows up to the maximum.
 */
export const REPORT_LIMIT_DEFAULTS = [100, 20, 10] as const;
export const REPORT_LIMIT_MAX = 1000;
/** Rows of one page (`pageSize`); "Load all" asks for the rest a page of this size at a time. */
export const REPORT_PAGE_SIZE_MAX = 100_000;
export const FILTER_VALUES_MAX = 1000;

const tokenLabels = Object.fromEntries(
  Array.from({ length: 30 }, (_, index) => [`token_${index + 1}`, `Token ${index + 1}`]),
) as Record<`token_${number}`, string>;

/** The dimensions as the panel and the report's CSV name them. */
export const REPORT_DIMENSION_LABELS = {
  campaign: 'Campaign',
  offer: 'Offer',
  landing: 'Lander',
  path: 'Path',
  rule: 'Rule',
  rotation: 'Rotation',
  traffic_source: 'Traffic source',
  affiliate_network: 'Aff. network',
  group: 'Group',
  country: 'Country',
  region: 'Region',
  city: 'City',
  isp: 'ISP',
  connection_type: 'Connection type',
  device_type: 'Device type',
  brand: 'Brand',
  model: 'Model',
  os: 'OS',
  os_version: 'OS version',
  browser: 'Browser',
  browser_version: 'Browser version',
  language: 'Language',
  ip: 'IP',
  referrer_domain: 'Referrer domain',
  ...tokenLabels,
  unique: 'Uniqueness',
  bot: 'Bot',
  conversion_status: 'Conversion status',
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
  day_of_week: 'Day of week',
  hour_of_day: 'Hour of day',
} as Record<ReportDimension, string>;

/**
 * The metrics as the report's CSV heads them: the label, how many decimals a value is written with,
 * and whether it is money (written in units of the base currency, which the header names).
 */
export const REPORT_METRIC_COLUMNS: Record<
  ReportMetric,
  { label: string; decimals: number; money?: true; percent?: true }
> = {
  clicks: { label: 'Clicks', decimals: 0 },
  uniqueClicks: { label: 'Unique clicks', decimals: 0 },
  lpViews: { label: 'LP views', decimals: 0 },
  lpClicks: { label: 'LP clicks', decimals: 0 },
  lpCtr: { label: 'LP CTR', decimals: 2, percent: true },
  leads: { label: 'Conversions', decimals: 0 },
  leadsApproved: { label: 'Approved', decimals: 0 },
  leadsPending: { label: 'Pending', decimals: 0 },
  leadsDeclined: { label: 'Declined', decimals: 0 },
  cr: { label: 'CR', decimals: 2, percent: true },
  revenue: { label: 'Revenue', decimals: 2, money: true },
  cost: { label: 'Cost', decimals: 2, money: true },
  profit: { label: 'Profit', decimals: 2, money: true },
  roi: { label: 'ROI', decimals: 2, percent: true },
  epc: { label: 'EPC', decimals: 4, money: true },
  cpc: { label: 'CPC', decimals: 4, money: true },
  ...(Object.fromEntries(
    CUSTOM_EVENT_METRICS.map((metric, index) => [metric, { label: `Event ${index + 1}`, decimals: 0 }]),
  ) as Record<CustomEventMetric, { label: string; decimals: number }>),
};
