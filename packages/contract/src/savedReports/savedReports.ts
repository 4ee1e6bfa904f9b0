import { z } from 'zod';
import { SORT_DIRECTIONS } from '../entities/common.ts';
import {
  DATE_PRESETS,
  REPORT_DIMENSIONS,
  REPORT_LEVELS_MAX,
  REPORT_METRICS,
  REPORT_SORT_KEYS,
} from '../reports/dimensions.ts';
import { ENTITY_STATS_KINDS } from '../reports/entityStats.ts';
import { reportQuerySchema } from '../reports/report.ts';
import { timeZoneSchema } from '../reports/scope.ts';

// Saved reports: a report's whole state (its subject, grouping, period, filters, sort and metric columns)
// kept on the server under a name for its owner, and shared with every user of the installation when
// its owner says so. Only the owner (or an admin, for shared ones) changes or deletes it.

export const SAVED_REPORT_PATHS = {
  list: '/api/saved-reports',
  item: '/api/saved-reports/:id',
} as const;

export function savedReportPath(id: number): string {
  return SAVED_REPORT_PATHS.item.replace(':id', String(id));
}

export const SAVED_REPORT_NAME_MAX = 100;

/**
 * What a report shows, in the report API's own terms (`GET /api/report`'s groupBy, preset/from/to,
 * timezone, filter[...], sort/order) plus the subject it is about and the metric columns. It is checked
 * by the report query's schema itself, so a saved report always opens as a report the API accepts.
 */
const savedReportStateShape = z.object({
  /** The entities the report is about (`/report/campaign/3,4`). */
  subject: z.object({
    kind: z.enum(ENTITY_STATS_KINDS),
    ids: z.array(z.number().int().positive()).min(1).max(500),
  }),
  groupBy: z.array(z.enum(REPORT_DIMENSIONS)).min(1).max(REPORT_LEVELS_MAX),
  preset: z.enum(DATE_PRESETS),
  /** Only with preset custom: the first and last day, YYYY-MM-DD, in `timezone`. */
  from: z.string().optional(),
  to: z.string().optional(),
  timezone: timeZoneSchema,
  /** Extra filters beside the subject: each dimension's values. */
  filters: z.partialRecord(z.enum(REPORT_DIMENSIONS), z.array(z.string()).min(1)).default({}),
  sort: z.object({ key: z.enum(REPORT_SORT_KEYS), order: z.enum(SORT_DIRECTIONS) }).optional(),
  /** The metric columns in order; absent: the viewer's own choice. */
  metrics: z.array(z.enum(REPORT_METRICS)).min(1).optional(),
});

export type SavedReportState = z.output<typeof savedReportStateShape>;

/** The `GET /api/report` query a saved state stands for. */
export function reportQueryOfSavedState(state: SavedReportState): Record<string, unknown> {
  const query: Record<string, unknown> = {
    groupBy: state.groupBy.join(','),
    preset: state.preset,
    timezone: state.timezone,
  };
  if (state.from !== undefined) query.from = state.from;
  if (state.to !== undefined) query.to = state.to;
  if (state.sort) {
    query.sort = state.sort.key;
    query.order = state.sort.order;
  }
  for (const [dimension, values] of Object.entries(state.filters)) {
    if (values && values.length > 0) query[`filter[${dimension}]`] = values.join(',');
  }
  return query;
}

/** Report-query issues name query fields (`filter[country]`); a saved state names its own. */
function stateField(path: readonly PropertyKey[]): PropertyKey[] {
  const [first, ...rest] = path;
  const match = typeof first === 'string' ? /^filter\[(.*)\]$/.exec(first) : null;
  if (match) return ['filters', match[1] as string, ...rest];
  if (first === 'sort' || first === 'order') return ['sort'];
  return path.slice();
}

export const savedReportStateSchema = savedReportStateShape.superRefine(
  (state, ctx) => {
    const parsed = reportQuerySchema.safeParse(reportQueryOfSavedState(state));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: stateField(issue.path), message: issue.message });
    }
  },
  // A state whose fields are already refused is not asked again (one message per field).
  { when: (payload) => payload.issues.length === 0 },
);

export const savedReportInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the report a name')
    .max(SAVED_REPORT_NAME_MAX, `At most ${SAVED_REPORT_NAME_MAX} characters`),
  /** Seen (and opened, not changed) by every user of the installation. */
  shared: z.boolean().default(false),
  state: savedReportStateSchema,
});
export type SavedReportInput = z.input<typeof savedReportInputSchema>;

export const savedReportSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shared: z.boolean(),
  state: savedReportStateShape,
  ownerId: z.number().int(),
  ownerName: z.string(),
  /** The caller is its owner: they may rename, change and delete it. */
  own: z.boolean(),
  /** The caller may change and delete it: its owner, or an admin when it is shared. */
  editable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.output<typeof savedReportSchema>;

export const savedReportListSchema = z.object({ items: z.array(savedReportSchema) });
export type SavedReportList = z.output<typeof savedReportListSchema>;
