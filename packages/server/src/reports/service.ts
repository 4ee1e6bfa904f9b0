import {
  type ClickLogQuery,
  type ClickLogResponse,
  type DimensionValue,
  type EntityStatsQuery,
  type EntityStatsResponse,
  type ReportDimension,
  type ReportFilters,
  type ReportMetrics,
  type ReportQuery,
  type ReportResponse,
  type ReportRow,
  type ReportScope,
  TIME_DIMENSIONS,
} from '@cairn/contract';
import { readStatsSettings } from '../settings/stats.ts';
import type { Sql } from '../store/config/port.ts';
import type { EventStore, ReportSources } from '../store/events/port.ts';
import { clickLogRow, decodeCursor, encodeCursor, namesWanted, storedColumns } from './clickLog.ts';
import { dialectFor, type ReportDialect } from './dialect.ts';
import { DIMENSION_SPECS, entityColumn } from './dimensions.ts';
import { type LevelQueries, levelRows } from './levelQueries.ts';
import { addSums, metricsOf, type Sums, sumsOf, zeroSums } from './metrics.ts';
import { EntityNames } from './names.ts';
import {
  clickLogSql,
  entityStatsSql,
  groupedSums,
  reportSql,
  SqlBuilder,
  timeSpanSql,
  whereSql,
} from './sql.ts';
import { type OffsetSegment, offsetSegments, resolveRange, type UtcRange } from './timeRange.ts';

export interface ReportServiceOptions {
  /** Without windows: kept parents a level's query lists as literals before deriving them (tests). */
  maxInlineParents?: number;
  /** Never read the store's report summary, only raw events (to compare the two). */
  rawEventsOnly?: boolean;
  /** Where names come from; by default looked up afresh for every answer. */
  names?: EntityNames;
}

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
  /** Nothing can match (no readable campaign, or no event in an open range that needs a zone). */
  empty: boolean;
}

const isTimeDimension = (dimension: string) => (TIME_DIMENSIONS as readonly string[]).includes(dimension);

const toMs = (value: unknown): number | null => {
  if (value instanceof Date) return value.getTime();
  if (value == null) return null;
  const text = String(value);
  return Date.parse(text.includes('T') ? text : `${text.replace(' ', 'T')}Z`);
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The sources for a question reading these event columns (besides its filters and permissions): the
 * store's report summary only where it answers exactly, that is where it keeps every column read and
 * the range and the zone's offset changes fall on its slot boundaries; else the raw events.
 */
export function sourcesFor(prepared: PreparedScope, columns: readonly string[]): ReportSources {
  const { summary } = prepared.sources;
  if (!summary) return prepared.sources;
  const kept = new Set(summary.columns);
  const read = [
    ...columns,
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

interface Node {
  row: ReportRow;
  rn: number;
  sums: Sums;
  path: DimensionValue[];
}

/** The reports engine: one GROUP BY per question over the event store, names from the config store. */
export class ReportService {
  private readonly events: EventStore;
  private readonly config: Sql;
  private readonly now: () => number;
  readonly dialect: ReportDialect;

  private readonly options: ReportServiceOptions;
  private readonly names: EntityNames;

  constructor(events: EventStore, config: Sql, now: () => number, options: ReportServiceOptions = {}) {
    this.events = events;
    this.config = config;
    this.now = now;
    this.options = options;
    this.names = options.names ?? new EntityNames(config);
    this.dialect = dialectFor(events.dialect);
  }

  /**
   * Resolves the range; when a time bucket is involved, also the zone's offsets over it. An open range
   * (all_time, or custom without to) takes its ends from the events the other conditions select.
   */
  async prepare(scope: ReportScope, viewer: ReportViewer, needsZone: boolean): Promise<PreparedScope> {
    const [timezone, stored] = await Promise.all([
      scope.timezone ?? readStatsSettings(this.config).then((settings) => settings.timezone),
      this.events.reportSources(),
    ]);
    const sources = this.options.rawEventsOnly ? { ...stored, summary: null } : stored;
    const range = resolveRange(scope.range, timezone, this.now());
    const prepared: PreparedScope = {
      range,
      timezone,
      segments: [],
      sources,
      filters: scope.filters,
      campaignIds: viewer.campaignIds,
      empty: viewer.campaignIds !== null && viewer.campaignIds.length === 0,
    };
    const zoned = needsZone || Object.keys(scope.filters).some(isTimeDimension);
    if (prepared.empty || !zoned) return prepared;
    let { from, to } = range;
    if (from === null || to === null) {
      const untimed = Object.fromEntries(
        Object.entries(scope.filters).filter(([dimension]) => !isTimeDimension(dimension)),
      );
      const builder = new SqlBuilder(this.dialect, [], sources);
      const sql = timeSpanSql(builder, whereSql(builder, { ...prepared, filters: untimed }));
      const rows = await this.events.query(sql.text, sql.params);
      const first = toMs(rows[0]?.first);
      const last = toMs(rows[0]?.last);
      if (first === null || last === null) return { ...prepared, empty: true };
      from ??= first;
      to ??= last + 1;
    }
    return { ...prepared, segments: offsetSegments(timezone, from, Math.max(from, to)) };
  }

  async report(query: ReportQuery, viewer: ReportViewer): Promise<ReportResponse> {
    const prepared = await this.prepare(
      query,
      viewer,
      query.levels.some((level) => isTimeDimension(level.dimension)),
    );
    const range = { from: iso(prepared.range.from), to: iso(prepared.range.to) };
    if (prepared.empty) return { rows: [], totals: metricsOf(zeroSums()), range };
    const levels = query.levels.map((level) => ({ ...level, spec: DIMENSION_SPECS[level.dimension] }));
    const sources = sourcesFor(
      prepared,
      levels.flatMap((level) => level.spec.columns),
    );
    const queries: LevelQueries = {
      newBuilder: () => new SqlBuilder(this.dialect, prepared.segments, sources),
      where: (builder) => whereSql(builder, prepared),
      sums: groupedSums,
      run: (sql) => this.events.query(sql.text, sql.params),
    };
    const builder = queries.newBuilder();
    const stored = this.dialect.windowFunctions
      ? await queries.run(reportSql(builder, levels, queries.where(builder)))
      : await levelRows(queries, levels, this.options.maxInlineParents);

    const byParent = new Map<string, Node[]>();
    const wanted = new Map<ReportDimension, Set<DimensionValue>>();
    const totals = zeroSums();
    for (const raw of stored) {
      const depth = Number(raw.lvl);
      const path: DimensionValue[] = [];
      for (let index = 0; index < depth - 1; index += 1) {
        path.push((levels[index] as (typeof levels)[number]).spec.value(raw[`o${index + 1}`]));
      }
      const level = levels[depth - 1] as (typeof levels)[number];
      const key = raw[`o${depth}`];
      const value = key == null ? null : level.spec.value(key);
      const sums = sumsOf(raw);
      const row: ReportRow = { dimension: level.dimension, value, name: 'Others', metrics: metricsOf(sums) };
      if (value === null) row.others = Number(raw.folded);
      else {
        const values = wanted.get(level.dimension) ?? new Set<DimensionValue>();
        values.add(value);
        wanted.set(level.dimension, values);
      }
      if (depth === 1) addSums(totals, sums);
      const parentKey = JSON.stringify(path);
      const siblings = byParent.get(parentKey) ?? [];
      siblings.push({ row, rn: Number(raw.rn), sums, path: [...path, value ?? ''] });
      byParent.set(parentKey, siblings);
    }

    const nameOf = await this.names.resolve(wanted);
    const build = (parentKey: string, depth: number): ReportRow[] =>
      (byParent.get(parentKey) ?? [])
        .sort((a, b) => a.rn - b.rn)
        .map((node) => {
          if (node.row.value !== null) {
            node.row.name = nameOf(node.row.dimension, node.row.value);
            if (depth < levels.length) node.row.children = build(JSON.stringify(node.path), depth + 1);
          }
          return node.row;
        });
    return { rows: build('[]', 1), totals: metricsOf(totals), range };
  }

  /** Raw clicks, newest first, a page at a time. */
  async clicks(query: ClickLogQuery, viewer: ReportViewer): Promise<ClickLogResponse> {
    const after = query.cursor === null ? null : decodeCursor(query.cursor);
    const prepared = await this.prepare(query, viewer, false);
    if (prepared.empty) return { rows: [], nextCursor: null };
    const builder = new SqlBuilder(this.dialect, prepared.segments);
    const where = whereSql(builder, prepared);
    const sql = clickLogSql(builder, storedColumns(query.columns), where, after, query.limit);
    const stored = await this.events.query(sql.text, sql.params);
    const page = stored.slice(0, query.limit);
    const nameOf = await this.names.resolve(namesWanted(page, query.columns));
    const last = page[page.length - 1];
    return {
      rows: page.map((row) => clickLogRow(row, query.columns, nameOf)),
      nextCursor: stored.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  /** Metrics per item of one kind; with sortBy, also the ids in that metric's order. */
  async entityStats(
    query: EntityStatsQuery,
    viewer: ReportViewer,
    kindIds: readonly number[] | null,
  ): Promise<EntityStatsResponse> {
    const prepared = await this.prepare(query, viewer, false);
    const range = { from: iso(prepared.range.from), to: iso(prepared.range.to) };
    let ids = query.ids;
    if (kindIds !== null) {
      const allowed = new Set(kindIds);
      ids = (ids ?? kindIds).filter((id) => allowed.has(id));
    }
    const sums = new Map<number, Sums>();
    if (!prepared.empty && (ids === null || ids.length > 0)) {
      const column = entityColumn(query.kind);
      const sources = sourcesFor(prepared, [column]);
      const builder = new SqlBuilder(this.dialect, prepared.segments, sources);
      const sql = entityStatsSql(builder, column, ids, whereSql(builder, prepared));
      for (const row of await this.events.query(sql.text, sql.params)) sums.set(Number(row.id), sumsOf(row));
    }
    const totals = zeroSums();
    const stats: Record<string, ReportMetrics> = {};
    const metrics = new Map<number, ReportMetrics>();
    for (const [id, itemSums] of sums) {
      addSums(totals, itemSums);
      const itemMetrics = metricsOf(itemSums);
      stats[String(id)] = itemMetrics;
      metrics.set(id, itemMetrics);
    }
    const response: EntityStatsResponse = { stats, totals: metricsOf(totals), range };
    const sortBy = query.sortBy;
    if (sortBy !== null) {
      const zero = metricsOf(zeroSums());
      const direction = query.order === 'asc' ? 1 : -1;
      const of = (id: number) => (metrics.get(id) ?? zero)[sortBy];
      response.order = [...(ids ?? metrics.keys())].sort((a, b) => (of(a) - of(b)) * direction || a - b);
    }
    return response;
  }
}
