import { type ReportDimension, type ReportFilters, type ReportScope, TIME_DIMENSIONS } from '@cairn/contract';
import { readStatsSettings } from '../settings/stats.ts';
import type { Sql } from '../store/config/port.ts';
import type { EventStore, ReportSources } from '../store/events/port.ts';
import { DIMENSION_SPECS } from './dimensions.ts';
import type { ReportDialect } from './plan/dialect.ts';
import { type EventTime, SqlBuilder, timeSpanSql, whereSql } from './plan/sql.ts';
import { type OffsetSegment, offsetSegments, resolveRange, type UtcRange } from './timeRange.ts';

// The first step of every read: what the question covers. The range as instants, the zone's offsets over
// it, the campaigns the caller may read, and which stored sources (raw events, the summary, the rollup of
// cleared events) answer it.

/** What a caller may see: the campaigns they may read (null: all), and for entity stats the items. */
export interface ReportViewer {
  campaignIds: readonly number[] | null;
}

/** A query ready for SQL: the range as instants and the zone's offsets over it. */
export interface PreparedScope {
  range: UtcRange;
  /** The zone asked for, or the tracker's. */
  timezone: string;
  segments: OffsetSegment[];
  /** What the sums are read from (raw events, and the rollup once auto-clearing has run). */
  sources: ReportSources;
  filters: ReportFilters;
  campaignIds: readonly number[] | null;
  /** The event time the range and the time buckets read (a report's conversionTime). */
  time: EventTime;
  /** Nothing can match (no readable campaign, or no event in an open range that needs a zone). */
  empty: boolean;
}

export const isTimeDimension = (dimension: string) =>
  (TIME_DIMENSIONS as readonly string[]).includes(dimension);

const toMs = (value: unknown): number | null => {
  if (value instanceof Date) return value.getTime();
  if (value == null) return null;
  const text = String(value);
  return Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
};

export const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The sources for a question reading these event columns (besides its filters and permissions): the
 * store's report summary only where it answers exactly, that is where it keeps every column read and
 * the range and the zone's offset changes fall on its slot boundaries; else the raw events.
 */
export function sourcesFor(prepared: PreparedScope, columns: readonly string[]): ReportSources {
  const { summary } = prepared.sources;
  if (!summary) return prepared.sources;
  const kept = new Set(summary.columns);
  // The summary's slots are by each event's own time: it answers only what counts by that.
  const read = [
    ...columns,
    ...(prepared.time === 'ts' ? [] : [prepared.time]),
    ...Object.keys(prepared.filters).flatMap(
      (dimension) => DIMENSION_SPECS[dimension as ReportDimension].columns,
    ),
    ...(prepared.campaignIds === null ? [] : ['campaign_id']),
  ];
  const whole = (ms: number | null) => ms === null || ms % summary.slotMs === 0;
  const aligned =
    whole(prepared.range.from) &&
    whole(prepared.range.to) &&
    prepared.segments.every(
      (segment, index) => (index === 0 || whole(segment.from)) && whole(segment.offset * 60_000),
    );
  return aligned && read.every((column) => kept.has(column))
    ? prepared.sources
    : { ...prepared.sources, summary: null };
}

export interface ScopeReader {
  events: EventStore;
  config: Sql;
  dialect: ReportDialect;
  now: () => number;
  /** Never read the store's report summary, only raw events (to compare the two). */
  rawEventsOnly?: boolean;
}

/**
 * Resolves the range; when a time bucket is involved, also the zone's offsets over it. An open range
 * (all_time, or custom without to) takes its ends from the events the other conditions select.
 */
export async function prepareScope(
  reader: ScopeReader,
  scope: ReportScope,
  viewer: ReportViewer,
  needsZone: boolean,
  time: EventTime = 'ts',
): Promise<PreparedScope> {
  const [timezone, stored] = await Promise.all([
    scope.timezone ?? readStatsSettings(reader.config).then((settings) => settings.timezone),
    reader.events.reportSources(),
  ]);
  const sources = reader.rawEventsOnly ? { ...stored, summary: null } : stored;
  const range = resolveRange(scope.range, timezone, reader.now());
  const prepared: PreparedScope = {
    range,
    timezone,
    segments: [],
    sources,
    filters: scope.filters,
    campaignIds: viewer.campaignIds,
    time,
    empty: viewer.campaignIds !== null && viewer.campaignIds.length === 0,
  };
  const zoned = needsZone || Object.keys(scope.filters).some(isTimeDimension);
  if (prepared.empty || !zoned) return prepared;
  let { from, to } = range;
  if (from === null || to === null) {
    const untimed = Object.fromEntries(
      Object.entries(scope.filters).filter(([dimension]) => !isTimeDimension(dimension)),
    );
    const builder = new SqlBuilder(reader.dialect, [], sources, time);
    const sql = timeSpanSql(builder, whereSql(builder, { ...prepared, filters: untimed }));
    const rows = await reader.events.query(sql.text, sql.params);
    const first = toMs(rows[0]?.first);
    const last = toMs(rows[0]?.last);
    if (first === null || last === null) return { ...prepared, empty: true };
    from ??= first;
    to ??= last + 1;
  }
  return { ...prepared, segments: offsetSegments(timezone, from, Math.max(from, to)) };
}
