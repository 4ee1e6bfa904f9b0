import { CLEARED_VALUE, CUSTOM_EVENT_METRICS } from '@cairn/contract';
import { EVENT_COLUMNS, type EventColumn, eventFromRow } from '../../events/columns.ts';
import { COST_KINDS_SQL, EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import type { ClearScope } from './port.ts';

// What clearing keeps of raw events, for every adapter.
//
// The rollup: sums per quarter hour (UTC) and per the dimensions below. A quarter hour, not an hour:
// every time zone's offset is a whole number of quarter hours (India +5:30, Nepal +5:45), so the days
// and hours of any zone a report asks for never split a slot, and totals per local day stay exact.
// The dimensions are those reports group by most whose values are few: entities, flow, country and
// the device family. Free-form or per-visitor values (IP, user agent, referrer, tokens, city, ISP,
// versions) are left out; reports show the cleared part of those under CLEARED.
//
// The cleared clicks: what a conversion arriving after its click was cleared needs (its attribution,
// the source's click id and the tokens a postback to the source may carry). A conversion copies its
// click, so it counts in the same rows as the click's sums; the rest of the click reads CLEARED.

export const CLEARED = CLEARED_VALUE;
export const ROLLUP_SLOT_SECONDS = 15 * 60;

/** Entities, the flow and country: few values each, what lists and most reports group by. */
export const ENTITY_FLOW_DIMENSIONS = [
  'campaign_id',
  'campaign_group_id',
  'traffic_source_id',
  'rotation_id',
  'rule',
  'path',
  'landing_id',
  'offer_id',
  'affiliate_network_id',
  'country',
] as const;

export const ROLLUP_DIMENSIONS = [
  ...ENTITY_FLOW_DIMENSIONS,
  'device_type',
  'os',
  'browser',
  'is_unique',
  'is_bot',
  'status',
] as const;

/**
 * The report's sums (reports/metrics.ts SUM_COLUMNS, same names and meaning) over raw events, in SQL
 * both stores read. Counts are unsigned and the rest signed, as the report's own aggregates come out
 * on ClickHouse, whose UNION ALL wants the same types on both sides.
 */
export const ROLLUP_SUMS = [
  { name: 'clicks', raw: 'sum(CASE WHEN kind = 1 THEN 1 ELSE 0 END)', signed: false },
  { name: 'unique_clicks', raw: 'sum(CASE WHEN kind = 1 AND is_unique THEN 1 ELSE 0 END)', signed: false },
  { name: 'lp_views', raw: 'sum(CASE WHEN kind = 1 AND landing_id <> 0 THEN 1 ELSE 0 END)', signed: false },
  { name: 'lp_clicks', raw: 'sum(CASE WHEN kind = 2 THEN 1 ELSE 0 END)', signed: false },
  { name: 'approved', raw: 'sum(approved)', signed: true },
  { name: 'pending', raw: 'sum(pending)', signed: true },
  { name: 'declined', raw: 'sum(declined)', signed: true },
  { name: 'revenue', raw: 'sum(revenue_micros)', signed: true },
  { name: 'cost', raw: `sum(CASE WHEN ${COST_KINDS_SQL} THEN cost_micros ELSE 0 END)`, signed: true },
  ...CUSTOM_EVENT_METRICS.map((name, index) => ({
    name,
    raw: `sum(CASE WHEN kind = ${EVENT_KIND.customEvent} AND event_slot = ${index + 1} THEN 1 ELSE 0 END)`,
    signed: false,
  })),
] as const;

/**
 * The custom event sums, added to rollups and summaries made before custom events: none of the events
 * they summed was one, so 0 is what each holds.
 */
export const CUSTOM_EVENT_SUMS = ROLLUP_SUMS.filter((sum) =>
  (CUSTOM_EVENT_METRICS as readonly string[]).includes(sum.name),
);

const TOKEN_COLUMNS = EVENT_COLUMNS.filter((column) => /^t\d+$/.test(column.name)).map((c) => c.name);

/** Columns of the cleared clicks besides click_id and ts. */
export const CLEARED_CLICK_COLUMNS: readonly string[] = [
  ...ROLLUP_DIMENSIONS.filter((name) => name !== 'status'),
  'external_id',
  ...TOKEN_COLUMNS,
  'cost_micros',
];

const KEPT = new Set<string>(ROLLUP_DIMENSIONS);
// Columns the rollup relation does not present: no report groups or filters by them.
const NOT_PRESENTED = new Set([
  'kind',
  'ts',
  'click_id',
  'seq',
  'click_ts',
  'cost_micros',
  'revenue_micros',
  'txid',
  'approved',
  'pending',
  'declined',
  'event_slot',
]);

/**
 * The SELECT list that shows rollup rows as reports read events: ts, every dimension column (those
 * not kept as `cleared(column)`, a constant of the column's type) and the sums. The rollup keeps no click
 * time: a report counting by click time (click_ts) reads a cleared event at its own quarter hour.
 */
export function rollupAsEventsColumns(cleared: (column: EventColumn) => string): string[] {
  const dimensions = EVENT_COLUMNS.filter((column) => !NOT_PRESENTED.has(column.name)).map((column) =>
    KEPT.has(column.name) ? column.name : `${cleared(column)} AS ${column.name}`,
  );
  return ['ts', 'ts AS click_ts', ...dimensions, ...ROLLUP_SUMS.map((sum) => sum.name)];
}

/** The campaigns a clear takes, as a condition on campaign_id; null: every campaign. */
export function campaignPredicate(scope: ClearScope): string | null {
  const ids = (list: readonly number[]) => list.filter(Number.isInteger).join(', ');
  if (scope.only !== null) return `campaign_id IN (${ids(scope.only) || 'NULL'})`;
  const keep = ids(scope.keep);
  return keep ? `campaign_id NOT IN (${keep})` : null;
}

/** The campaign part of a clear's condition, to append ('' when it takes every campaign). */
export function campaignCondition(scope: ClearScope): string {
  const predicate = campaignPredicate(scope);
  return predicate === null ? '' : ` AND ${predicate}`;
}

/** A clear that can take nothing (an empty campaign list). */
export const clearsNothing = (scope: ClearScope): boolean =>
  scope.only !== null && scope.only.filter(Number.isInteger).length === 0;

/** A cleared click's stored row as the click event it was, what was not kept reading CLEARED. */
export function clearedClickFromRow(row: Record<string, unknown>): TrackingEvent {
  const event = eventFromRow({ ...row, kind: EVENT_KIND.click });
  const kept = new Set(['click_id', 'ts', ...CLEARED_CLICK_COLUMNS]);
  for (const column of EVENT_COLUMNS) {
    if (column.type !== 'text' || kept.has(column.name)) continue;
    if (column.name === 'status' || column.name === 'txid') continue;
    const key = camelOf(column.name) as keyof TrackingEvent;
    (event as unknown as Record<string, unknown>)[key] = CLEARED;
  }
  return { ...event, clickTime: event.time };
}

const camelOf = (name: string) => name.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
