import { z } from 'zod';
import { SORT_DIRECTIONS, type SortDirection } from '../entities/common.ts';
import { REPORT_METRICS, type ReportMetric, reportMetricsSchema } from './dimensions.ts';
import { reportRangeSchema } from './report.ts';
import { anyQueryValue, queryParamOnce, type ReportScope, rangeQueryShape, reportScopeOf } from './scope.ts';

// Numbers next to the panel's entity lists, and those lists sorted by a metric.

export const ENTITY_STATS_KINDS = [
  'campaign',
  'offer',
  'landing',
  'affiliate_network',
  'traffic_source',
  'rotation',
] as const;
export type EntityStatsKind = (typeof ENTITY_STATS_KINDS)[number];
export const ENTITY_STATS_IDS_MAX = 1000;

export interface EntityStatsQuery extends ReportScope {
  kind: EntityStatsKind;
  /** null: every item of the kind with events in the range. */
  ids: number[] | null;
  sortBy: ReportMetric | null;
  order: SortDirection;
}

/**
 * `GET /api/report/entity_stats?kind=&ids=1,2,3&preset=&from=&to=&timezone=[&sortBy=<metric>&order=]`.
 * With sortBy the answer carries `order`: the ids (those asked, else those with events) by that metric.
 */
export const entityStatsQuerySchema = z
  .object({
    ...rangeQueryShape,
    kind: z.enum(ENTITY_STATS_KINDS, { error: `kind is one of ${ENTITY_STATS_KINDS.join(', ')}` }),
    ids: queryParamOnce('ids')
      .regex(/^\d{1,15}(,\d{1,15})*$/, 'A comma-separated list of ids')
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine((ids) => ids.length <= ENTITY_STATS_IDS_MAX, `At most ${ENTITY_STATS_IDS_MAX} ids`)
      .optional(),
    sortBy: z.enum(REPORT_METRICS, { error: 'sortBy is a metric' }).optional(),
    order: z.enum(SORT_DIRECTIONS, { error: 'order is asc or desc' }).default('desc'),
  })
  .catchall(anyQueryValue)
  .transform(
    (query, ctx): EntityStatsQuery => ({
      ...reportScopeOf(query, ctx),
      kind: query.kind,
      ids: query.ids ?? null,
      sortBy: query.sortBy ?? null,
      order: query.order,
    }),
  );

export const entityStatsResponseSchema = z.object({
  /** Metrics by entity id; ids without events in the range are absent. */
  stats: z.record(z.string(), reportMetricsSchema),
  totals: reportMetricsSchema,
  order: z.array(z.number().int()).optional(),
  range: reportRangeSchema,
});
export type EntityStatsResponse = z.infer<typeof entityStatsResponseSchema>;
