import { z } from 'zod';
import { REPORT_DIMENSIONS, REPORT_LIMIT_MAX, type ReportDimension } from './dimensions.ts';
import { anyQueryValue, queryParamOnce, type ReportScope, rangeQueryShape, reportScopeOf } from './scope.ts';

// `GET /api/report/values`: the values a dimension took in a period (countries, cities, OS, ISPs ...),
// most clicked first, for the type-ahead pickers of the filters. Bounded: the most clicked values the
// report engine keeps at one level, narrowed by `q`, at most `limit` of them.

export const REPORT_VALUES_PATH = '/api/report/values';
export const REPORT_VALUES_LIMIT_MAX = 100;

export interface ReportValuesQuery extends ReportScope {
  dimension: ReportDimension;
  /** Kept when the value or its name holds this, ignoring case; '' keeps all. */
  q: string;
  limit: number;
}

/** `GET /api/report/values?dimension=&q=&limit=&preset=&from=&to=&timezone=&filter[d]=v1,v2` */
export const reportValuesQuerySchema = z
  .object({
    ...rangeQueryShape,
    dimension: z.enum(REPORT_DIMENSIONS, { error: 'dimension is a report dimension' }),
    q: queryParamOnce('q').max(100, 'At most 100 characters').default(''),
    limit: queryParamOnce('limit')
      .regex(/^\d{1,3}$/, `limit is 1 to ${REPORT_VALUES_LIMIT_MAX}`)
      .transform(Number)
      .refine(
        (limit) => limit >= 1 && limit <= REPORT_VALUES_LIMIT_MAX,
        `limit is 1 to ${REPORT_VALUES_LIMIT_MAX}`,
      )
      .default(50),
  })
  .catchall(anyQueryValue)
  .transform(
    (query, ctx): ReportValuesQuery => ({
      ...reportScopeOf(query, ctx),
      dimension: query.dimension,
      q: query.q.trim(),
      limit: query.limit,
    }),
  );

export const reportValueSchema = z.object({
  value: z.union([z.string(), z.number()]),
  /** What the panel shows: an entity's name, a country's name, else the value itself. */
  name: z.string(),
  clicks: z.number().int(),
});

export const reportValuesResponseSchema = z.object({
  values: z.array(reportValueSchema),
  /**
   * True when more values than were read took traffic in the period (beyond the report engine's
   * `REPORT_LIMIT_MAX` most clicked), so a value not listed may still exist: a narrower `q` or period
   * finds it.
   */
  more: z.boolean(),
});
export type ReportValuesResponse = z.infer<typeof reportValuesResponseSchema>;

/** How many of the most clicked values are read before `q` narrows them. */
export const REPORT_VALUES_READ = REPORT_LIMIT_MAX;
