import {
  type EntityStatsKind,
  REPORT_LIMIT_DEFAULTS,
  REPORT_PATHS,
  type ReportConversionTime,
  type ReportDimension,
  type ReportExportFormat,
  type ReportMetric,
  type ReportRowOf,
  type ReportSortKey,
  reportRangeSchema,
  reportResponseSchemaOf,
} from '@cairn/contract';
import type { DateRangeValue } from '@cairn/ui';
import { z } from 'zod';
import type { ApiClient } from '../http/client.ts';
import { type Metrics, metricsSchema } from './metrics.ts';
import { periodParams } from './period.ts';

// The report calls: the grouped report and the numbers next to the entity lists. Answers are read with
// the metrics optional, since a hide-profit user's answers leave the profit figures out.

/** `filter[dimension]=v1,v2`: the values of each dimension as the address and the API write them. */
export type ReportFilters = Partial<Record<ReportDimension, string[]>>;

/** A report row as a user is answered: metrics optional, since a hide-profit user gets no profit figures. */
export type ReportRow = ReportRowOf<Metrics>;

export const reportAnswerSchema = reportResponseSchemaOf(metricsSchema);
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export interface ReportRequest {
  groupBy: readonly ReportDimension[];
  period: DateRangeValue;
  filters: ReportFilters;
  /** The top rows per level, the rest folded into "Others" (a chosen cut; default: pages, no "Others"). */
  limit?: number;
  /** Rows of the first level's page (default: the server's); nested levels keep the server's default. */
  pageSize?: number;
  /** Every level sorted on the server by this metric, or by the value (the name column). */
  sort?: { key: ReportSortKey; desc: boolean } | undefined;
  /** Each row beside another period (beta: report_period_comparison). */
  compare?: ReportComparison | undefined;
  /** When a conversion counts: at its own time (the default) or at its click's (a cohort). */
  conversionTime?: ReportConversionTime;
}

/** The period a report is set beside: the one of equal length just before, or dates chosen. */
export type ReportComparison = { with: 'previous' } | { with: 'custom'; from: string; to: string };

function compareParams(compare: ReportComparison | undefined): Record<string, string> {
  if (!compare) return {};
  // The chosen dates are read in the report's own zone, as its period is.
  return compare.with === 'custom'
    ? { compare: 'custom', compareFrom: compare.from, compareTo: compare.to }
    : { compare: 'previous' };
}

const conversionTimeParam = (request: ReportRequest): Record<string, string> =>
  request.conversionTime === 'click' ? { conversionTime: 'click' } : {};

function sortParams(request: ReportRequest): Record<string, string> {
  return request.sort ? { sort: request.sort.key, order: request.sort.desc ? 'desc' : 'asc' } : {};
}

/** The first level's page size, and the server's default for the nested levels (one value per level). */
function pageSizeParam(request: ReportRequest): Record<string, string> {
  if (!request.pageSize) return {};
  const nested = request.groupBy.slice(1).map((_, index) => REPORT_LIMIT_DEFAULTS[index + 1] ?? 10);
  return { pageSize: [request.pageSize, ...nested].join(',') };
}

export function filterParams(filters: ReportFilters): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [dimension, values] of Object.entries(filters)) {
    if (values && values.length > 0) params[dimension] = values.join(',');
  }
  return params;
}

export function reportParams(request: ReportRequest): Record<string, unknown> {
  const filter = filterParams(request.filters);
  return {
    groupBy: request.groupBy.join(','),
    ...periodParams(request.period),
    ...(request.limit ? { limit: String(request.limit) } : {}),
    ...pageSizeParam(request),
    ...sortParams(request),
    ...compareParams(request.compare),
    ...conversionTimeParam(request),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}

export function fetchReport(client: ApiClient, request: ReportRequest, signal?: AbortSignal) {
  return client.get<ReportAnswer>(REPORT_PATHS.report, {
    query: reportParams(request),
    schema: reportAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * The address of the server's CSV or XLSX of the whole report (every row of every level, in the report's
 * sort): the browser downloads it itself, so no row passes through the page's memory.
 */
export async function reportExportAddress(
  request: ReportRequest,
  metrics: readonly ReportMetric[],
  format: ReportExportFormat,
): Promise<string> {
  const { stringifyQuery } = await import('../routes/query.ts');
  const filter = filterParams(request.filters);
  const query = {
    groupBy: request.groupBy.join(','),
    ...periodParams(request.period),
    ...sortParams(request),
    ...conversionTimeParam(request),
    metrics: metrics.join(','),
    format,
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
  return `${REPORT_PATHS.reportExport}${stringifyQuery(query)}`;
}

export const entityStatsAnswerSchema = z.object({
  stats: z.record(z.string(), metricsSchema),
  totals: metricsSchema,
  order: z.array(z.number()).optional(),
  range: reportRangeSchema,
});
export type EntityStatsAnswer = z.infer<typeof entityStatsAnswerSchema>;

export interface EntityStatsRequest {
  kind: EntityStatsKind;
  ids: readonly number[];
  period: DateRangeValue;
  sortBy?: { metric: ReportMetric; desc: boolean } | undefined;
}

export function fetchEntityStats(client: ApiClient, request: EntityStatsRequest, signal?: AbortSignal) {
  return client.get<EntityStatsAnswer>(REPORT_PATHS.entityStats, {
    query: {
      kind: request.kind,
      ids: request.ids.join(','),
      ...periodParams(request.period),
      ...(request.sortBy
        ? { sortBy: request.sortBy.metric, order: request.sortBy.desc ? 'desc' : 'asc' }
        : {}),
    },
    schema: entityStatsAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}
