import type { DimensionValue } from '@cairn/contract';
import type { Row } from '../../store/events/port.ts';
import { metricSql, SUM_COLUMNS, type Sums, sumsOf } from '../metrics.ts';
import type { LevelSql, SqlBuilder, SqlText } from './sql.ts';

// A nested report without WITH subqueries or window functions, which ClickHouse 18.16 lacks: one query
// per level, each under the parents the level above kept. Level i groups the sums by k1..ki, then per
// parent (GROUP BY k1..k(i-1)) counts the children, adds up their sums and keeps its page of children:
// groupArray collects them and arraySort orders them by the level's sort (then the key), so the order
// never depends on the order in which the aggregation's threads hand over their rows. Where the caller
// chose a limit, a parent's "others" row is its sums minus its kept children's (every sum is additive)
// and holds the children it did not keep. The first level's one group is the totals. The rows come out
// in reportSql's shape (lvl, o1..oL, rn, folded, siblings, the sums), so the report service reads both
// the same way.
//
// The kept parents go into the next level's query as literals; past a few thousand (ClickHouse parses
// at most 256 KiB and 50,000 AST elements per query) they are derived again in a subquery from the
// levels above, which reads the events once more per level above.

const INLINE_PARENTS_MAX = 2000;
const INLINE_TEXT_MAX = 100_000;

interface Parent {
  /** The parent's keys as the store returned them, k1..k(i-1). */
  raw: unknown[];
}

/** The kept parents of a level: their keys, null to derive them in SQL, undefined on the first level. */
type Parents = Parent[] | null | undefined;

/** A text SQL for each level, run in order; `newBuilder` gives each query its own bound parameters. */
export interface LevelQueries {
  newBuilder(): SqlBuilder;
  /** The report's conditions (range, permissions, filters) written into `builder`. */
  where(builder: SqlBuilder): string;
  /** SQL of the sums per `keys` (each `expr AS key` in `keyed`) of the events `where` selects. */
  sums(builder: SqlBuilder, keyed: readonly string[], keys: readonly string[], where: string): string;
  run(sql: SqlText): Promise<Row[]>;
}

const keyNames = (count: number) => Array.from({ length: count }, (_, index) => `k${index + 1}`);

/** The kept children in the level's order: arraySort by the sort value, ties by the key ascending. */
function sortedChildren(level: LevelSql, collected: string): string {
  if (level.sort === 'value') {
    // Keys are distinct within a parent, so the key alone orders them.
    return level.order === 'asc'
      ? `arraySort(row -> row.2, ${collected})`
      : `arrayReverseSort(row -> row.2, ${collected})`;
  }
  const sortValue = level.order === 'asc' ? 'row.1' : '-row.1';
  return `arraySort(row -> (${sortValue}, row.2), ${collected})`;
}

function fitsInline(parents: readonly Parent[], maxParents: number): boolean {
  if (parents.length > maxParents) return false;
  let length = 0;
  for (const parent of parents) for (const raw of parent.raw) length += String(raw).length + 4;
  return length <= INLINE_TEXT_MAX;
}

/** The keys of the level above IN its kept parents: as literals, or as a subquery deriving them. */
function parentCondition(
  queries: LevelQueries,
  builder: SqlBuilder,
  levels: readonly LevelSql[],
  depth: number,
  parents: Parent[] | null,
): string {
  const { env } = builder;
  const expressions = levels.slice(0, depth - 1).map((level) => level.spec.key(env));
  const tuple = expressions.length === 1 ? (expressions[0] as string) : `(${expressions.join(', ')})`;
  if (parents === null) return `${tuple} IN (${keptSql(queries, builder, levels, depth - 1)})`;
  const literals = parents.map((parent) => {
    const values = parent.raw.map((raw, index) => {
      const spec = (levels[index] as LevelSql).spec;
      return spec.literal(spec.value(raw) as DimensionValue, env);
    });
    return values.length === 1 ? values[0] : `(${values.join(', ')})`;
  });
  return `${tuple} IN (${literals.join(', ')})`;
}

/** The keys k1..k`depth` of the children kept at level `depth`, the levels above derived again. */
function keptSql(
  queries: LevelQueries,
  builder: SqlBuilder,
  levels: readonly LevelSql[],
  depth: number,
): string {
  const level = levelText(queries, builder, levels, depth, depth > 1 ? null : undefined);
  return `SELECT ${[...keyNames(depth - 1), 'kept.2'].join(', ')} FROM (${level}) ARRAY JOIN kept_children AS kept`;
}

/** One level's SQL: a row per parent with its child count, its sums and its top children. */
function levelText(
  queries: LevelQueries,
  builder: SqlBuilder,
  levels: readonly LevelSql[],
  depth: number,
  parents: Parents,
): string {
  const { env } = builder;
  const level = levels[depth - 1] as LevelSql;
  const keys = keyNames(depth);
  const parentKeys = keys.slice(0, -1);
  const keyed = levels.slice(0, depth).map((item, index) => `${item.spec.key(env)} AS k${index + 1}`);
  const where = queries.where(builder);
  const condition =
    parents === undefined
      ? where
      : `${where} AND ${parentCondition(queries, builder, levels, depth, parents)}`;
  const sums = queries.sums(builder, keyed, keys, condition);
  const sortValue = level.sort === 'value' ? `k${depth}` : metricSql(level.sort);
  const children = `SELECT ${[...keys, ...SUM_COLUMNS, `${sortValue} AS sort_value`].join(', ')} FROM (${sums}) sums`;
  const collected = `groupArray((${['sort_value', `k${depth}`, ...SUM_COLUMNS].join(', ')}))`;
  const columns = [
    ...parentKeys,
    'count() AS children',
    ...SUM_COLUMNS.map((column) => `sum(${column}) AS parent_${column}`),
    `arraySlice(${sortedChildren(level, collected)}, ${level.offset + 1}, ${level.limit}) AS kept_children`,
  ];
  const groupBy = parentKeys.length > 0 ? ` GROUP BY ${parentKeys.join(', ')}` : '';
  return `SELECT ${columns.join(', ')} FROM (${children}) children${groupBy}`;
}

function subtract(from: Sums, kept: readonly Sums[]): Sums {
  const left = { ...from };
  for (const sums of kept) for (const column of SUM_COLUMNS) left[column] -= sums[column];
  return left;
}

/**
 * The report's rows, level by level, in reportSql's shape. `maxInlineParents`: how many kept parents
 * a query may list as literals before it derives them instead.
 */
export async function levelRows(
  queries: LevelQueries,
  levels: readonly LevelSql[],
  maxInlineParents = INLINE_PARENTS_MAX,
): Promise<Row[]> {
  const out: Row[] = [];
  let parents: Parent[] | undefined;
  for (let depth = 1; depth <= levels.length; depth += 1) {
    if (parents?.length === 0) break;
    const builder = queries.newBuilder();
    const given = parents === undefined || fitsInline(parents, maxInlineParents) ? parents : null;
    const found = await queries.run(builder.done(levelText(queries, builder, levels, depth, given)));
    const next: Parent[] = [];
    for (const parent of found) {
      const children = Number(parent.children);
      if (children === 0) continue;
      const raw = keyNames(depth - 1).map((key) => parent[key]);
      const path = Object.fromEntries(raw.map((value, index) => [`o${index + 1}`, value]));
      const kept = (parent.kept_children as unknown[][]).map((child) => ({
        key: child[1],
        sums: sumsOf(Object.fromEntries(SUM_COLUMNS.map((column, index) => [column, child[index + 2]]))),
      }));
      const level = levels[depth - 1] as LevelSql;
      kept.forEach((child, index) => {
        const rn = level.offset + index + 1;
        out.push({
          lvl: depth,
          ...path,
          [`o${depth}`]: child.key,
          rn,
          folded: 1,
          siblings: children,
          ...child.sums,
        });
        next.push({ raw: [...raw, child.key] });
      });
      const parentSums = sumsOf(
        Object.fromEntries(SUM_COLUMNS.map((column) => [column, parent[`parent_${column}`]])),
      );
      if (depth === 1) out.push({ lvl: 0, rn: 0, folded: children, siblings: children, ...parentSums });
      if (level.others && children > kept.length) {
        const others = subtract(
          parentSums,
          kept.map((child) => child.sums),
        );
        out.push({
          lvl: depth,
          ...path,
          [`o${depth}`]: null,
          rn: kept.length + 1,
          folded: children - kept.length,
          siblings: children,
          ...others,
        });
      }
    }
    parents = next;
  }
  return out;
}
