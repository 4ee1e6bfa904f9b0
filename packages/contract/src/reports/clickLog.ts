import { z } from 'zod';
import { clickIdSchema, conversionRowSchema } from '../conversions.ts';
import { REPORT_DIMENSIONS, type ReportDimension, TIME_DIMENSIONS } from './dimensions.ts';
import {
  anyQueryValue,
  commaList,
  queryParamOnce,
  type ReportScope,
  rangeQueryShape,
  reportScopeOf,
} from './scope.ts';

// The click log: raw clicks, newest first, paged by an opaque cursor.

/** Columns of the click log; `time` (ISO, UTC) and `click_id` come with every row. */
export const CLICK_LOG_COLUMNS = [
  'time',
  'click_id',
  ...REPORT_DIMENSIONS.filter(
    (dimension) =>
      dimension !== 'conversion_status' && !(TIME_DIMENSIONS as readonly string[]).includes(dimension),
  ),
  'asn',
  'user_agent',
  'external_id',
  'cost',
] as const;
export type ClickLogColumn =
  | ReportDimension
  | 'time'
  | 'click_id'
  | 'asn'
  | 'user_agent'
  | 'external_id'
  | 'cost';

export const CLICK_LOG_DEFAULT_COLUMNS: readonly ClickLogColumn[] = [
  'time',
  'click_id',
  'campaign',
  'traffic_source',
  'landing',
  'offer',
  'country',
  'device_type',
  'os',
  'browser',
  'ip',
  'cost',
];
export const CLICK_LOG_LIMIT_DEFAULT = 100;
export const CLICK_LOG_LIMIT_MAX = 500;

export interface ClickLogQuery extends ReportScope {
  columns: ClickLogColumn[];
  limit: number;
  cursor: string | null;
  /** Only the click with this id, whatever the period and filters (the id carries its own time). */
  clickId: string | null;
  /** Only clicks where one of the token values (t1 .. t30) or the external id is exactly this text. */
  token: string | null;
}

export const TOKEN_SEARCH_MAX = 500;

/**
 * `GET /api/clicks?preset=&from=&to=&timezone=&filter[d]=...&limit=&cursor=&columns=&clickId=&token=`;
 * `clickId` finds one click in any period, `token` matches any token slot or the external id exactly.
 */
export const clickLogQuerySchema = z
  .object({
    ...rangeQueryShape,
    columns: queryParamOnce('columns').optional(),
    limit: z.coerce
      .number({ error: 'limit is a number' })
      .int('limit is an integer')
      .min(1, 'limit is at least 1')
      .max(CLICK_LOG_LIMIT_MAX, `limit is at most ${CLICK_LOG_LIMIT_MAX}`)
      .default(CLICK_LOG_LIMIT_DEFAULT),
    cursor: queryParamOnce('cursor')
      .regex(/^[A-Za-z0-9_-]{1,300}$/, 'Not a cursor this API handed out')
      .optional(),
    clickId: clickIdSchema.optional(),
    token: queryParamOnce('token')
      .min(1, 'token is the value to find')
      .max(TOKEN_SEARCH_MAX, `token is at most ${TOKEN_SEARCH_MAX} characters`)
      .optional(),
  })
  .catchall(anyQueryValue)
  .transform((query, ctx): ClickLogQuery => {
    const scope = reportScopeOf(query, ctx);
    const asked = query.columns === undefined ? [...CLICK_LOG_DEFAULT_COLUMNS] : commaList(query.columns);
    const unknown = asked.find((column) => !(CLICK_LOG_COLUMNS as readonly string[]).includes(column));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['columns'], message: `Unknown column "${unknown}"` });
    }
    const columns = [...new Set(['time', 'click_id', ...asked])] as ClickLogColumn[];
    return {
      ...scope,
      columns,
      limit: query.limit,
      cursor: query.cursor ?? null,
      clickId: query.clickId ?? null,
      token: query.token ?? null,
    };
  });

/** An entity column's cell (campaign, offer, rule, path ...): its value and display name. */
export const namedValueSchema = z.object({ value: z.union([z.string(), z.number()]), name: z.string() });
export const clickLogCellSchema = z.union([z.string(), z.number(), z.boolean(), namedValueSchema]);
export type ClickLogRow = Record<string, z.infer<typeof clickLogCellSchema>>;

export const clickLogResponseSchema = z.object({
  rows: z.array(z.record(z.string(), clickLogCellSchema)),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ClickLogResponse = z.infer<typeof clickLogResponseSchema>;

/** `GET /api/clicks/:clickId`: the id as pasted (spaces and capitals forgiven). */
export const clickDetailParamsSchema = z.object({ clickId: clickIdSchema });

/**
 * One click: every click log column (entities, rule and path with their names), and its conversions,
 * oldest first, each with the delivery of its S2S postback to the traffic source.
 */
export const clickDetailResponseSchema = z.object({
  click: z.record(z.string(), clickLogCellSchema),
  conversions: z.array(conversionRowSchema),
});
export type ClickDetailResponse = z.infer<typeof clickDetailResponseSchema>;
