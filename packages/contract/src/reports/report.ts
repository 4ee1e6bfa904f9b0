import { z } from 'zod';
import { SORT_DIRECTIONS, type SortDirection } from '../entities/common.ts';
import {
  REPORT_DIMENSIONS,
  REPORT_LEVELS_MAX,
  REPORT_LIMIT_DEFAULTS,
  REPORT_LIMIT_MAX,
  REPORT_METRICS,
  REPORT_PAGE_SIZE_MAX,
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
  localDateTimeSchema,
  queryParamOnce,
  type ReportRange,
  type ReportScope,
  rangeQueryShape,
  reportScopeOf,
} from './scope.ts';

// `GET /api/report`: up to three nested groupings, each level sorted on the server over all its rows and
// answered a page at a time with how many rows the level holds, and the totals of everything the
// filters let through. Only where the caller chose a `limit` do the rows past it fold into one "others"
// row; by default no row is hidden, only on a later page (`offset`, or the answer's `nextOffset`).

export interface ReportLevel {
  dimension: ReportDimension;
  sort: ReportSortKey;
  order: SortDirection;
  /** Rows answered at this level (under each parent on nested levels). */
  limit: number;
  /** Rows skipped before them: the first level's page; nested levels start at their first row. */
  offset: number;
  /** The caller chose `limit`: the rows past it fold into one "others" row per parent. */
  others: boolean;
}

export interface ReportQuery extends ReportScope {
  levels: ReportLevel[];
  /**
   * When a conversion (and every later event of a click: lander clicks, cost changes) counts: at its own
   * time (`conversion`, the default), or at its click's (`click`: a cohort, "the clicks of Monday earned").
   */
  conversionTime?: ReportConversionTime;
  /**
   * (beta: report_period_comparison) Each row and the totals beside another period: the one of equal
   * length just before (`previous`), or the range chosen (`custom`, with `compareFrom`/`compareTo`).
   */
  compare?: ReportCompareKind;
  /** With `compare=custom`: the period compared with (`compareFrom`, `compareTo`), in the report's zone. */
  compareRange?: ReportRange;
}

export const REPORT_CONVERSION_TIMES = ['conversion', 'click'] as const;
export type ReportConversionTime = (typeof REPORT_CONVERSION_TIMES)[number];

export const REPORT_COMPARE_VALUES = ['previous', 'custom'] as const;
export type ReportCompareKind = (typeof REPORT_COMPARE_VALUES)[number];

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

const countUpTo =
  (max: number) =>
  (part: string): number | null => {
    const value = /^\d{1,7}$/.test(part) ? Number(part) : 0;
    return value >= 1 && value <= max ? value : null;
  };

/**
 * `GET /api/report?groupBy=d1[,d2[,d3]]&preset=&from=&to=&timezone=&filter[d]=v1,v2&sort=&order=` and
 * either `pageSize=&offset=` (pages, the default) or `limit=` (the top rows and "others").
 */
const reportQueryShape = {
  ...rangeQueryShape,
  groupBy: queryParamOnce('groupBy'),
  sort: queryParamOnce('sort').optional(),
  order: queryParamOnce('order').optional(),
  limit: queryParamOnce('limit').optional(),
  pageSize: queryParamOnce('pageSize').optional(),
  offset: queryParamOnce('offset')
    .regex(/^\d{1,9}$/, 'offset is a whole number of rows')
    .transform(Number)
    .optional(),
  compare: z.enum(REPORT_COMPARE_VALUES, { error: 'compare is previous or custom' }).optional(),
  compareFrom: localDateTimeSchema.optional(),
  compareTo: localDateTimeSchema.optional(),
  conversionTime: z
    .enum(REPORT_CONVERSION_TIMES, { error: 'conversionTime is conversion or click' })
    .default('conversion'),
};

/** `compare=custom` takes compareFrom and compareTo (a date as `to` is its whole day); the others neither. */
function compareOf(query: ReportQueryInput, ctx: Ctx): Pick<ReportQuery, 'compare' | 'compareRange'> {
  const { compare, compareFrom, compareTo } = query;
  if (compare === 'custom') {
    if (!compareFrom || !compareTo) {
      const field = compareFrom ? 'compareTo' : 'compareFrom';
      ctx.addIssue({ code: 'custom', path: [field], message: `compare=custom needs ${field}` });
      return {};
    }
    return { compare, compareRange: { preset: 'custom', from: compareFrom, to: compareTo } };
  }
  for (const field of ['compareFrom', 'compareTo'] as const) {
    if (query[field]) {
      ctx.addIssue({ code: 'custom', path: [field], message: `${field} is read only with compare=custom` });
    }
  }
  return compare ? { compare } : {};
}

type ReportQueryInput = z.output<z.ZodObject<typeof reportQueryShape>> & Record<string, unknown>;

function reportQueryOf(query: ReportQueryInput, ctx: Ctx): ReportQuery {
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
  const limits = perLevel('limit', query.limit, count, countUpTo(REPORT_LIMIT_MAX), ctx);
  const sizes = perLevel('pageSize', query.pageSize, count, countUpTo(REPORT_PAGE_SIZE_MAX), ctx);
  const others = query.limit !== undefined;
  if (others && (query.pageSize !== undefined || query.offset !== undefined)) {
    const field = query.pageSize !== undefined ? 'pageSize' : 'offset';
    ctx.addIssue({
      code: 'custom',
      path: [field],
      message: `${field} pages the rows; limit folds them: one or the other`,
    });
    return z.NEVER;
  }
  const levels = (dimensions as ReportDimension[]).map((dimension, index): ReportLevel => {
    const time = (TIME_DIMENSIONS as readonly string[]).includes(dimension);
    const sort = sorts[index] ?? (time ? 'value' : 'clicks');
    return {
      dimension,
      sort,
      order: orders[index] ?? (sort === 'value' ? 'asc' : 'desc'),
      limit:
        limits[index] ??
        sizes[index] ??
        (time && index === 0 ? REPORT_LIMIT_MAX : (REPORT_LIMIT_DEFAULTS[index] ?? 10)),
      offset: index === 0 ? (query.offset ?? 0) : 0,
      others,
    };
  });
  return { ...scope, levels, conversionTime: query.conversionTime, ...compareOf(query, ctx) };
}

export const reportQuerySchema = z.object(reportQueryShape).catchall(anyQueryValue).transform(reportQueryOf);

/**
 * A row's (or the totals') metrics beside the period compared with: its metrics there, the
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

/** The files a report exports to: CSV, or an Office Open XML spreadsheet with numbers as numbers. */
export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface ReportExportQuery extends ReportQuery {
  /** The metric columns, in order; by default every metric the caller may see. */
  metrics: ReportMetric[] | null;
  format: ReportExportFormat;
}

/**
 * `GET /api/report/export`: the report's query (grouping, range, filters, sort), `metrics=` and `format=`,
 * answered as CSV or XLSX with every row of every level; `pageSize`, `offset` and `limit` do not apply.
 */
export const reportExportQuerySchema = z
  .object({
    ...rangeQueryShape,
    groupBy: reportQueryShape.groupBy,
    sort: reportQueryShape.sort,
    conversionTime: reportQueryShape.conversionTime,
    order: reportQueryShape.order,
    metrics: queryParamOnce('metrics').optional(),
    format: z.enum(REPORT_EXPORT_FORMATS, { error: 'format is csv or xlsx' }).default('csv'),
  })
  .catchall(anyQueryValue)
  .transform((query, ctx): ReportExportQuery => {
    const { metrics, format } = query;
    for (const field of ['limit', 'pageSize', 'offset', 'compare', 'compareFrom', 'compareTo'] as const) {
      if (query[field] !== undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: `The export writes every row: no ${field}` });
        return z.NEVER;
      }
    }
    const parsed = reportQueryOf(query, ctx);
    const chosen = metrics === undefined ? null : commaList(metrics);
    const unknown = chosen?.find((metric) => !(REPORT_METRICS as readonly string[]).includes(metric));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['metrics'], message: `Unknown metric "${unknown}"` });
      return z.NEVER;
    }
    return { ...parsed, metrics: chosen as ReportMetric[] | null, format };
  });

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
  /** On rows with a level below: how many rows that level holds under this one (`children` may be fewer). */
  childTotal?: number;
  children?: ReportRowOf<M>[];
  /** With `compare` only. */
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
      childTotal: z.number().int().optional(),
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
    /** How many rows the first level holds over the whole range and filters ("showing 100 of 2,314"). */
    total: z.number().int(),
    /** The offset of the next page of the first level; null on its last page (and with `limit`). */
    nextOffset: z.number().int().nullable(),
    totals: metrics,
    range: reportRangeSchema,
    /** With `compare` only: the period compared with and the totals beside it. */
    comparison: z.object({ range: reportRangeSchema, totals: metricComparisonSchemaOf(metrics) }).optional(),
  });

export const reportResponseSchema = reportResponseSchemaOf(reportMetricsSchema);
export type ReportResponse = z.infer<typeof reportResponseSchema>;
