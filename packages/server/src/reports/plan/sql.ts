import type { ReportDimension, ReportFilters, ReportSortKey, SortDirection } from '@cairn/contract';
import type { ReportSources } from '../../store/events/port.ts';
import { DIMENSION_SPECS, type DimensionSpec, type SqlEnv } from '../dimensions.ts';
import { eventAggregates, metricSql, reAggregates, SUM_COLUMNS } from '../metrics.ts';
import type { OffsetSegment, UtcRange } from '../timeRange.ts';
import type { ReportDialect } from './dialect.ts';

// The report SQL, written once over a dialect. Shape of a nested report (levels k1 > k2 > k3):
//   base  one GROUP BY over the events of the range, at the deepest level's granularity
//   g_i   level i re-aggregated from base, only under the parents kept at level i-1
//   r_i   g_i numbered by the level's sort within each parent (row_number), with the parent's row count
// and one row set out: per level its page of rows (or, where the caller chose a limit, the top N as they
// are and the rest folded into one NULL-keyed "others" row per parent: GROUP BY CASE WHEN rn <= N THEN
// key END), and the totals, the sum of all of level 1.
// Sums read the raw events and, once auto-clearing has run, the rollup of the cleared ones (groupedSums).

/**
 * The event time a report counts by: each event's own (`ts`), or its click's (`click_ts`, equal to ts
 * on a click), so a conversion counts in the range and the time bucket of the click that earned it.
 */
export type EventTime = 'ts' | 'click_ts';

/** The event time of a report's `conversionTime`. */
export const eventTimeOf = (conversionTime: 'conversion' | 'click' | undefined): EventTime =>
  conversionTime === 'click' ? 'click_ts' : 'ts';

export interface SqlText {
  text: string;
  params: string[];
}

/** Collects bound text values; every other value in report SQL is a number or instant we produced. */
export class SqlBuilder {
  readonly dialect: ReportDialect;
  readonly params: string[] = [];
  readonly env: SqlEnv;
  /** What sums are read from; the click log and conversion lists read raw `events` only. */
  readonly sources: ReportSources;
  /** What the range and the time buckets read. */
  readonly time: EventTime;

  constructor(
    dialect: ReportDialect,
    segments: readonly OffsetSegment[],
    sources: ReportSources = { events: 'events', rollup: null },
    time: EventTime = 'ts',
  ) {
    this.dialect = dialect;
    this.sources = sources;
    this.time = time;
    this.env = {
      dialect,
      local: localTimeSql(dialect, segments, time),
      bind: (value) => {
        this.params.push(value);
        return dialect.param(this.params.length);
      },
    };
  }

  done(text: string): SqlText {
    return { text, params: this.params };
  }
}

/** Local time from the UTC `time`: the offset in force then, as a CASE over the segments' starts. */
export function localTimeSql(
  dialect: ReportDialect,
  segments: readonly OffsetSegment[],
  time: EventTime = 'ts',
): string {
  const [first, ...rest] = segments;
  if (!first) return time;
  if (rest.length === 0) return dialect.addMinutes(time, first.offset);
  const branches: string[] = [];
  let current = first;
  for (const next of rest) {
    branches.push(
      `WHEN ${time} < ${dialect.timestamp(next.from)} THEN ${dialect.addMinutes(time, current.offset)}`,
    );
    current = next;
  }
  return `CASE ${branches.join(' ')} ELSE ${dialect.addMinutes(time, current.offset)} END`;
}

export interface WhereInput {
  range: UtcRange;
  filters: ReportFilters;
  /** The campaigns the user may read; null: all. */
  campaignIds: readonly number[] | null;
}

/** The conditions every report query shares: range, permissions, filters. */
export function whereSql(builder: SqlBuilder, input: WhereInput): string {
  const { dialect, env } = builder;
  const { time } = builder;
  const conditions: string[] = [];
  if (input.range.from !== null) conditions.push(`${time} >= ${dialect.timestamp(input.range.from)}`);
  if (input.range.to !== null) conditions.push(`${time} < ${dialect.timestamp(input.range.to)}`);
  if (input.campaignIds !== null) conditions.push(`campaign_id IN (${input.campaignIds.join(', ')})`);
  for (const [dimension, values] of Object.entries(input.filters)) {
    if (!values || values.length === 0) continue;
    const spec = DIMENSION_SPECS[dimension as ReportDimension];
    const literals = values.map((value) => spec.literal(value, env));
    // DuckDB pushes a bound `=` into the scan (zone maps, filter pushdown) but not a one-element IN list.
    conditions.push(
      literals.length === 1
        ? `${spec.key(env)} = ${literals[0]}`
        : `${spec.key(env)} IN (${literals.join(', ')})`,
    );
  }
  return conditions.length > 0 ? conditions.join(' AND ') : '1 = 1';
}

/**
 * The sums per `keys` (each `expr AS key` in `keyed`) of the events `where` selects: one GROUP BY over
 * the raw events; with a report summary (only in sources when it keeps what the query reads), over the
 * summary's summed slots plus the raw events of its pending ones; and once something was cleared, the
 * same GROUP BY over the rollup (whose relation shows the events' columns) added to it.
 */
export function groupedSums(
  builder: SqlBuilder,
  keyed: readonly string[],
  keys: readonly string[],
  where: string,
): string {
  const { dialect, sources } = builder;
  const groupBy = keys.length > 0 ? ` GROUP BY ${keys.join(', ')}` : '';
  const summed = (relation: string, condition: string) =>
    `SELECT ${[...keyed, ...reAggregates()].join(', ')} FROM ${relation} WHERE ${where}${condition}${groupBy}`;
  const raw = (condition: string) =>
    `SELECT ${[...keyed, ...eventAggregates(dialect)].join(', ')} FROM ${sources.events} WHERE ${where}${condition}${groupBy}`;
  const parts: string[] = [];
  const summary = sources.summary;
  if (summary) {
    const pending = summary.pending
      .map(([from, to]) => `(ts >= ${dialect.timestamp(from)} AND ts < ${dialect.timestamp(to)})`)
      .join(' OR ');
    if (pending) parts.push(raw(` AND (${pending})`));
    parts.push(summed(summary.relation, pending ? ` AND NOT (${pending})` : ''));
  } else parts.push(raw(''));
  if (sources.rollup !== null) parts.push(summed(sources.rollup, ''));
  if (parts.length === 1) return parts[0] as string;
  return `SELECT ${[...keys, ...reAggregates()].join(', ')} FROM (${parts.join(' UNION ALL ')}) sums${groupBy}`;
}

export interface LevelSql {
  spec: DimensionSpec;
  sort: ReportSortKey;
  order: SortDirection;
  /** Rows kept at this level (under each parent). */
  limit: number;
  /** Rows skipped before them (the first level's page). */
  offset: number;
  /** The rows past `limit` fold into one "others" row per parent. */
  others: boolean;
}

const keyNames = (count: number, prefix = '') =>
  Array.from({ length: count }, (_, index) => `${prefix}k${index + 1}`);

/** The rows of a level's page by their number within their parent. */
const keptSql = (level: LevelSql) => `rn > ${level.offset} AND rn <= ${level.offset + level.limit}`;

/** Each level numbered by its sort within its parent (ties by key), with its parent's row count. */
function rankedSql(level: LevelSql, n: number, grouped: string): string {
  const parents = keyNames(n - 1);
  const partition = parents.length > 0 ? `PARTITION BY ${parents.join(', ')} ` : '';
  const sortBy = level.sort === 'value' ? `k${n}` : metricSql(level.sort);
  return `SELECT g.*, row_number() OVER (${partition}ORDER BY ${sortBy} ${level.order.toUpperCase()}, k${n} ASC) AS rn, count(*) OVER (${partition.trim()}) AS siblings FROM (${grouped}) g`;
}

/**
 * Rows out: lvl (1..3; 0 is the totals row, whose `folded` is the first level's row count), o1..oL
 * (keys; NULL on an "others" row at that level and below it), rn (the row's place within its parent),
 * folded (values an others row holds), siblings (rows the level holds under the row's parent) and the
 * sum columns. Every level is ranked over all its rows; only its page (or with `others`, its top rows
 * and one row for the rest) comes out, and only the kept rows' children are ranked below them.
 */
export function reportSql(builder: SqlBuilder, levels: readonly LevelSql[], where: string): SqlText {
  const { dialect, env } = builder;
  const depth = levels.length;
  const keyed = levels.map((level, index) => `${level.spec.key(env)} AS k${index + 1}`);
  const baseSql = groupedSums(builder, keyed, keyNames(depth), where);
  // Computed once when several levels read it; a one-level report streams it into the ranking.
  const ctes = [depth > 1 ? dialect.cte('base', baseSql) : `base AS (${baseSql})`];
  const outputs: string[] = [];
  levels.forEach((level, index) => {
    const n = index + 1;
    const parents = keyNames(index);
    let source = 'base b';
    if (index > 0) {
      const previous = levels[index - 1] as LevelSql;
      const on = parents.map((key) => `p.${key} = b.${key}`).join(' AND ');
      source += ` JOIN (SELECT ${parents.join(', ')} FROM r${index} WHERE ${keptSql(previous)}) p ON ${on}`;
    }
    const grouped =
      n < depth
        ? `SELECT ${[...keyNames(n, 'b.'), ...reAggregates('b.')].join(', ')} FROM ${source} GROUP BY ${keyNames(n, 'b.').join(', ')}`
        : `SELECT ${[...keyNames(n, 'b.'), ...SUM_COLUMNS.map((column) => `b.${column}`)].join(', ')} FROM ${source}`;
    // The first level is read twice (its page and the totals), the others by the level below.
    ctes.push(
      n < depth || n === 1
        ? dialect.cte(`r${n}`, rankedSql(level, n, grouped))
        : `r${n} AS (${rankedSql(level, n, grouped)})`,
    );
    const columns = (kept: string) =>
      keyNames(depth).map((key, position) =>
        position < index
          ? `${key} AS o${position + 1}`
          : position === index
            ? `${kept} AS o${n}`
            : `NULL AS o${position + 1}`,
      );
    if (level.others) {
      const kept = `CASE WHEN rn <= ${level.limit} THEN k${n} END`;
      outputs.push(
        `SELECT ${[`${n} AS lvl`, ...columns(kept), 'min(rn) AS rn', 'count(*) AS folded', 'max(siblings) AS siblings', ...reAggregates()].join(', ')} FROM r${n} GROUP BY ${[...parents, kept].join(', ')}`,
      );
    } else {
      outputs.push(
        `SELECT ${[`${n} AS lvl`, ...columns(`k${n}`), 'rn', '1 AS folded', 'siblings', ...SUM_COLUMNS].join(', ')} FROM r${n} WHERE ${keptSql(level)}`,
      );
    }
  });
  const nothing = keyNames(depth).map((_, position) => `NULL AS o${position + 1}`);
  outputs.push(
    `SELECT ${['0 AS lvl', ...nothing, '0 AS rn', 'count(*) AS folded', 'count(*) AS siblings', ...reAggregates()].join(', ')} FROM r1`,
  );
  return builder.done(`WITH ${ctes.join(', ')} ${outputs.join(' UNION ALL ')}`);
}

/**
 * Every row of every level in the report's order (a row, then its children), for the export: each level
 * ranked over all its rows and carrying its parents' ranks (s1..sL), ordered by them.
 */
export function exportSql(builder: SqlBuilder, levels: readonly LevelSql[], where: string): SqlText {
  const { dialect, env } = builder;
  const depth = levels.length;
  const keyed = levels.map((level, index) => `${level.spec.key(env)} AS k${index + 1}`);
  const ctes = [dialect.cte('base', groupedSums(builder, keyed, keyNames(depth), where))];
  const outputs: string[] = [];
  levels.forEach((level, index) => {
    const n = index + 1;
    const grouped = `SELECT ${[...keyNames(n), ...reAggregates()].join(', ')} FROM base GROUP BY ${keyNames(n).join(', ')}`;
    ctes.push(dialect.cte(`r${n}`, rankedSql(level, n, grouped)));
    const joins = keyNames(index).map((_, above) => {
      const on = keyNames(above + 1).map((key) => `a${above + 1}.${key} = r.${key}`);
      return ` JOIN r${above + 1} a${above + 1} ON ${on.join(' AND ')}`;
    });
    const columns = keyNames(depth).map((key, position) =>
      position <= index ? `r.${key} AS o${position + 1}` : `NULL AS o${position + 1}`,
    );
    const ranks = keyNames(depth).map((_, position) =>
      position < index
        ? `a${position + 1}.rn AS s${position + 1}`
        : position === index
          ? `r.rn AS s${n}`
          : `NULL AS s${position + 1}`,
    );
    outputs.push(
      `SELECT ${[`${n} AS lvl`, ...columns, ...ranks, ...SUM_COLUMNS.map((column) => `r.${column}`)].join(', ')} FROM r${n} r${joins.join('')}`,
    );
  });
  const order = keyNames(depth).map((_, position) => `s${position + 1} ASC NULLS FIRST`);
  return builder.done(`WITH ${ctes.join(', ')} ${outputs.join(' UNION ALL ')} ORDER BY ${order.join(', ')}`);
}

/**
 * One level's every row in its order (ties by key, as everywhere), in exportSql's shape: the export of
 * a one-level report on a store without windows, streamed like exportSql.
 */
export function orderedLevelSql(builder: SqlBuilder, level: LevelSql, where: string): SqlText {
  const sums = groupedSums(builder, [`${level.spec.key(builder.env)} AS k1`], ['k1'], where);
  const sortBy = level.sort === 'value' ? 'k1' : metricSql(level.sort);
  return builder.done(
    `SELECT 1 AS lvl, k1 AS o1, ${SUM_COLUMNS.join(', ')} FROM (${sums}) sums ORDER BY ${sortBy} ${level.order.toUpperCase()}, k1 ASC`,
  );
}

/** Sums per id of one entity column, optionally for some ids only. */
export function entityStatsSql(
  builder: SqlBuilder,
  column: string,
  ids: readonly number[] | null,
  where: string,
): SqlText {
  const only = ids === null ? '' : ` AND ${column} IN (${ids.join(', ')})`;
  return builder.done(groupedSums(builder, [`${column} AS id`], ['id'], `${where}${only}`));
}

/**
 * Raw clicks newest first, after the cursor's (time, click_id) when there is one; one row more than a page.
 * `columns` must hold ts; where ts keeps no milliseconds (ClickHouse), each row also has `time_ms`.
 */
export function clickLogSql(
  builder: SqlBuilder,
  columns: readonly string[],
  where: string,
  after: { time: number; clickId: string } | null,
  limit: number,
): SqlText {
  const { dialect, env } = builder;
  // Ordered to the millisecond: ClickHouse's ts holds whole seconds, its milliseconds are apart.
  const time = dialect.epochMs('ts');
  const order = dialect.timeOrder;
  let condition = `kind = 1 AND ${where}`;
  if (after) {
    const at = Math.trunc(after.time);
    const bound = order === 'ts' ? dialect.timestamp(at) : String(at);
    const ordered = order === 'ts' ? 'ts' : time;
    // The plain ts bound lets the store skip what is newer by its sort key and min/max indexes.
    condition += ` AND ts <= ${dialect.timestamp(at)} AND (${ordered} < ${bound} OR (${ordered} = ${bound} AND click_id < ${env.bind(after.clickId)}))`;
  }
  // Where ts itself holds the milliseconds, the rows carry it as it is (a second copy cost 0.3 ms a page).
  const selected = order === 'ts' ? columns : [...columns, `${time} AS time_ms`];
  return builder.done(
    `SELECT ${selected.join(', ')} FROM events WHERE ${condition} ORDER BY ${order} DESC, click_id DESC LIMIT ${limit + 1}`,
  );
}

/** The first and last event time the conditions select (for time buckets over an open range). */
export function timeSpanSql(builder: SqlBuilder, where: string): SqlText {
  const { sources, time } = builder;
  const span = (from: string) =>
    `SELECT min(${time}) AS first, max(${time}) AS last FROM ${from} WHERE ${where}`;
  // No row when nothing matches: ClickHouse's min over nothing is 1970, not NULL.
  if (sources.rollup === null) return builder.done(`${span(sources.events)} HAVING count(*) > 0`);
  // No row from a side without events: ClickHouse's min over nothing is 1970, not NULL.
  const sides = [sources.events, sources.rollup].map((from) => `${span(from)} HAVING count(*) > 0`);
  return builder.done(
    `SELECT min(first) AS first, max(last) AS last FROM (${sides.join(' UNION ALL ')}) spans HAVING count(*) > 0`,
  );
}
