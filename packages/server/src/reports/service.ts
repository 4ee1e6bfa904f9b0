import type {
  ClickLogQuery,
  ClickLogResponse,
  EntityStatsQuery,
  EntityStatsResponse,
  ReportMetrics,
  ReportQuery,
  ReportResponse,
  ReportScope,
} from '@cairn/contract';
import type { Sql } from '../store/config/port.ts';
import type { EventStore } from '../store/events/port.ts';
import { DIMENSION_SPECS, entityColumn } from './dimensions.ts';
import { type ExportRow, namedChunk, treeChunk, UNCUT } from './export.ts';
import {
  clickIdRange,
  clickLogRow,
  decodeCursor,
  encodeCursor,
  namesWanted,
  searchSql,
  storedColumns,
} from './logs/clickLog.ts';
import { addSums, metricsOf, type Sums, sumsOf, zeroSums } from './metrics.ts';
import { EntityNames } from './names.ts';
import { dialectFor, type ReportDialect } from './plan/dialect.ts';
import type { LevelQueries } from './plan/levelQueries.ts';
import { reportPlanFor } from './plan/plan.ts';
import {
  clickLogSql,
  type EventTime,
  entityStatsSql,
  eventTimeOf,
  exportSql,
  groupedSums,
  orderedLevelSql,
  SqlBuilder,
  whereSql,
} from './plan/sql.ts';
import {
  iso,
  isTimeDimension,
  type PreparedScope,
  prepareScope,
  type ReportViewer,
  sourcesFor,
} from './scope.ts';
import { buildReportTree } from './tree.ts';

// The read side: every answer from the event store goes through the same steps. The scope (scope.ts: the
// range, the zone, the caller's campaigns, the sources that answer), the query plan of the store's dialect
// (plan/), and for a report the tree (tree.ts, where "Others" is made). The click log and the conversion
// log (logs/) read through the same scope.

export interface ReportServiceOptions {
  /** Without windows: kept parents a level's query lists as literals before deriving them (tests). */
  maxInlineParents?: number;
  /** Never read the store's report summary, only raw events (to compare the two). */
  rawEventsOnly?: boolean;
  /** Where names come from; by default looked up afresh for every answer. */
  names?: EntityNames;
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

  /** The first step of every read: see scope.ts. */
  prepare(
    scope: ReportScope,
    viewer: ReportViewer,
    needsZone: boolean,
    time: EventTime = 'ts',
  ): Promise<PreparedScope> {
    return prepareScope(
      {
        events: this.events,
        config: this.config,
        dialect: this.dialect,
        now: this.now,
        rawEventsOnly: this.options.rawEventsOnly,
      },
      scope,
      viewer,
      needsZone,
      time,
    );
  }

  async report(query: ReportQuery, viewer: ReportViewer): Promise<ReportResponse> {
    const prepared = await this.prepare(
      query,
      viewer,
      query.levels.some((level) => isTimeDimension(level.dimension)),
      eventTimeOf(query.conversionTime),
    );
    const range = { from: iso(prepared.range.from), to: iso(prepared.range.to) };
    if (prepared.empty) return { rows: [], total: 0, nextOffset: null, totals: metricsOf(zeroSums()), range };
    const levels = query.levels.map((level) => ({ ...level, spec: DIMENSION_SPECS[level.dimension] }));
    const sources = sourcesFor(
      prepared,
      levels.flatMap((level) => level.spec.columns),
    );
    const queries: LevelQueries = {
      newBuilder: () => new SqlBuilder(this.dialect, prepared.segments, sources, prepared.time),
      where: (builder) => whereSql(builder, prepared),
      sums: groupedSums,
      run: (sql) => this.events.query(sql.text, sql.params),
    };
    const stored = await reportPlanFor(this.dialect, queries, this.options.maxInlineParents).rows(levels);
    const tree = await buildReportTree(stored, levels, this.names);
    const first = levels[0];
    const end = first ? first.offset + first.limit : 0;
    const nextOffset = first && !first.others && end < tree.total ? end : null;
    return { rows: tree.rows, total: tree.total, nextOffset, totals: tree.totals, range };
  }

  /**
   * Every row of every level in the report's order, a chunk at a time as the store produces them; the
   * totals come last. A store with windows streams them from one query (exportSql), and so does the one
   * without for one level (orderedLevelSql); nested levels there are one uncut report, held whole.
   */
  async *exportRows(
    query: ReportQuery,
    viewer: ReportViewer,
  ): AsyncGenerator<{ rows: ExportRow[] } | { totals: ReportMetrics }> {
    if (!this.dialect.windowFunctions && query.levels.length > 1) {
      const uncut = query.levels.map((level) => ({ ...level, limit: UNCUT, offset: 0, others: false }));
      const report = await this.report({ ...query, levels: uncut }, viewer);
      yield { rows: treeChunk(report.rows) };
      yield { totals: report.totals };
      return;
    }
    const prepared = await this.prepare(
      query,
      viewer,
      query.levels.some((level) => isTimeDimension(level.dimension)),
      eventTimeOf(query.conversionTime),
    );
    const totals = zeroSums();
    if (!prepared.empty) {
      const levels = query.levels.map((level) => ({
        ...level,
        limit: UNCUT,
        offset: 0,
        others: false,
        spec: DIMENSION_SPECS[level.dimension],
      }));
      const sources = sourcesFor(
        prepared,
        levels.flatMap((level) => level.spec.columns),
      );
      const builder = new SqlBuilder(this.dialect, prepared.segments, sources, prepared.time);
      const where = whereSql(builder, prepared);
      const sql = this.dialect.windowFunctions
        ? exportSql(builder, levels, where)
        : orderedLevelSql(builder, levels[0] as (typeof levels)[number], where);
      for await (const stored of this.events.queryChunks(sql.text, sql.params)) {
        for (const raw of stored) if (Number(raw.lvl) === 1) addSums(totals, sumsOf(raw));
        yield { rows: await namedChunk(stored, levels, this.names) };
      }
    }
    yield { totals: metricsOf(totals) };
  }

  /** Raw clicks, newest first, a page at a time. */
  async clicks(query: ClickLogQuery, viewer: ReportViewer): Promise<ClickLogResponse> {
    const after = query.cursor === null ? null : decodeCursor(query.cursor);
    const byId = clickIdRange(query);
    const scoped = await this.prepare(query, viewer, false);
    // A pasted click id is found in any period and under any filter; only the campaigns read still bound it.
    const prepared = byId ? { ...scoped, range: byId, filters: {} } : scoped;
    if (prepared.empty) return { rows: [], nextCursor: null };
    const builder = new SqlBuilder(this.dialect, prepared.segments);
    const search = searchSql(builder, query);
    const where = search ? `${whereSql(builder, prepared)} AND ${search}` : whereSql(builder, prepared);
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
