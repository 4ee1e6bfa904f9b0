import { z } from 'zod';
import { SORT_DIRECTIONS, type SortDirection } from '../entities/common.ts';
import {
  REPORT_DIMENSIONS,
  REPORT_LEVELS_MAX,
  REPORT_LIMIT_DEFAULTS,
  REPORT_LIMIT_MAX,
  REPORT_METRICS,
  REPORT_SORT_KEYS,
  type ReportDimension,
  type ReportMetric,
  type ReportMetrics,
  type ReportSortKey,
  reportMetricsSchema,
  TIME_DIMENSIONS,
} from './dimensions.ts';
import {
  anyQueryValue,
  type Ctx,
  commaList,
  type DimensionValue,
  queryParamOnce,
  type ReportScope,
  rangeQueryShape,
  reportScopeOf,
} from './scope.ts';

// `GET /api/report`: up to three nested groupings, each level sorted and cut to its top rows plus one
// "others" row, and the totals of everything the filters let through.

export interface ReportLevel {
  dimension: ReportDimension;
  sort: ReportSortKey;
  order: SortDirection;
  /** Rows shown at this level; the rest fold into one "others" row. */
  limit: number;
}

export interface ReportQuery extends ReportScope {
  levels: ReportLevel[];
  /** `compare=previous` (beta: report_period_comparison): each row and the totals beside the period before. */
  compare?: 'previous';
}

export const REPORT_COMPARE_VALUES = ['previous'] as const;

/** One value for every level, or one per level (`sort=clicks,value`). */
function perLevel<T>(
  field: string,
  text: string | undefined,
  count: number,
  parse: (part: string) => T | null,
  ctx: Ctx,
): (T | undefined)[] {
  if (text === undefined) return Array.from({ length: count }, () => undefined);
  const parts = commaList(text);
  if (parts.length !== 1 && parts.length !== count) {
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: `One value, or one per groupBy level (${count})`,
    });
    return [];
  }
  const values = parts.map(parse);
  const bad = values.indexOf(null);
  if (bad !== -1) {
    ctx.addIssue({ code: 'custom', path: [field], message: `"${parts[bad]}" is not valid here` });
    return [];
  }
  return Array.from({ length: count }, (_, index) => (values[index] ?? values[0]) as T);
}

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (part: string): T | null =>
    (allowed as readonly string[]).includes(part) ? (part as T) : null;

const parseLimit = (part: string): number | null => {
  const value = /^\d{1,7}$/.test(part) ? Number(part) : 0;
  return value >= 1 && value <= REPORT_LIMIT_MAX ? value : null;
};

/** `GET /api/report?groupBy=d1[,d2[,d3]]&preset=&from=&to=&timezone=&filter[d]=v1,v2&sort=&order=&limit=` */
export const reportQuerySchema = z
  .object({
    ...rangeQueryShape,
    groupBy: queryParamOnce('groupBy'),
    sort: queryParamOnce('sort').optional(),
    order: queryParamOnce('order').optional(),
    limit: queryParamOnce('limit').optional(),
    compare: z.enum(REPORT_COMPARE_VALUES, { error: 'compare is previous' }).optional(),
  })
  .catchall(anyQueryValue)
  .transform((query, ctx): ReportQuery => {
    const scope = reportScopeOf(query, ctx);
    const dimensions = commaList(query.groupBy);
    const unknown = dimensions.find((dimension) => !REPORT_DIMENSIONS.includes(dimension as ReportDimension));
    if (
      unknown !== undefined ||
      dimensions.length > REPORT_LEVELS_MAX ||
      new Set(dimensions).size < dimensions.length
    ) {
      const message =
        unknown !== undefined
          ? `Unknown dimension "${unknown}"`
          : `Up to ${REPORT_LEVELS_MAX} different dimensions, comma-separated`;
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message });
      return z.NEVER;
    }
    const count = dimensions.length;
    const sorts = perLevel('sort', query.sort, count, oneOf(REPORT_SORT_KEYS), ctx);
    const orders = perLevel('order', query.order, count, oneOf(SORT_DIRECTIONS), ctx);
    const limits = perLevel('limit', query.limit, count, parseLimit, ctx);
    const levels = (dimensions as ReportDimension[]).map((dimension, index): ReportLevel => {
      const time = (TIME_DIMENSIONS as readonly string[]).includes(dimension);
      const sort = sorts[index] ?? (time ? 'value' : 'clicks');
      return {
        dimension,
        sort,
        order: orders[index] ?? (sort === 'value' ? 'asc' : 'desc'),
        limit:
          limits[index] ?? (time && index === 0 ? REPORT_LIMIT_MAX : (REPORT_LIMIT_DEFAULTS[index] ?? 10)),
      };
    });
    return { ...scope, levels, ...(query.compare ? { compare: query.compare } : {}) };
  });

/**
 * A row's (or the totals') metrics beside the previous period of equal length: its metrics there, the
 * change (now minus then) and the change in percent of then (null where then was 0).
 */
export interface MetricComparisonOf<M> {
  previous: M;
  change: M;
  changePercent: Partial<Record<ReportMetric, number | null>>;
}

export function metricComparisonSchemaOf<M>(metrics: z.ZodType<M>): z.ZodType<MetricComparisonOf<M>> {
  return z.object({
    previous: metrics,
    change: metrics,
    changePercent: z.partialRecord(z.enum(REPORT_METRICS), z.number().nullable()),
  });
}

/**
 * A report row with its metrics as `M`: the full set the server computes, or the partial set a reader of
 * any user's answer gets (a hide-profit user's answers leave the profit figures out).
 */
export interface ReportRowOf<M> {
  dimension: ReportDimension;
  /** null on the "others" row. */
  value: DimensionValue | null;
  name: string;
  metrics: M;
  /** On the "others" row: how many values it folds together. */
  others?: number;
  children?: ReportRowOf<M>[];
  /** With `compare=previous` only. */
  comparison?: MetricComparisonOf<M>;
}
export type ReportRow = ReportRowOf<ReportMetrics>;

export function reportRowSchemaOf<M>(metrics: z.ZodType<M>): z.ZodType<ReportRowOf<M>> {
  const row: z.ZodType<ReportRowOf<M>> = z.lazy(() =>
    z.object({
      dimension: z.enum(REPORT_DIMENSIONS),
      value: z.union([z.string(), z.number()]).nullable(),
      name: z.string(),
      metrics,
      others: z.number().int().optional(),
      children: z.array(row).optional(),
      comparison: metricComparisonSchemaOf(metrics).optional(),
    }),
  );
  return row;
}

export const reportRowSchema = reportRowSchemaOf(reportMetricsSchema);

/** The range the report covered, as UTC instants (ISO); to is exclusive; null where the range is open. */
export const reportRangeSchema = z.object({ from: z.string().nullable(), to: z.string().nullable() });

/** The report's answer with its metrics as `metrics` reads them; see ReportRowOf. */
export const reportResponseSchemaOf = <M>(metrics: z.ZodType<M>) =>
  z.object({
    rows: z.array(reportRowSchemaOf(metrics)),
    totals: metrics,
    range: reportRangeSchema,
    /** With `compare=previous` only: the previous period and the totals beside it. */
    comparison: z.object({ range: reportRangeSchema, totals: metricComparisonSchemaOf(metrics) }).optional(),
  });

export const reportResponseSchema = reportResponseSchemaOf(reportMetricsSchema);
export type ReportResponse = z.infer<typeof reportResponseSchema>;
