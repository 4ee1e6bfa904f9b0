import type { Row } from '../../store/events/port.ts';
import type { ReportDialect } from './dialect.ts';
import { type LevelQueries, levelRows } from './levelQueries.ts';
import { type LevelSql, reportSql } from './sql.ts';

/**
 * How one store answers a report's levels: the query plan of its dialect, behind one interface. Both
 * plans give the same rows (lvl, o1..oL, rn, folded, the sums: see reportSql), so building the tree does
 * not know which store answered.
 */
export interface ReportPlan {
  rows(levels: readonly LevelSql[]): Promise<Row[]>;
}

/** Stores with window functions (DuckDB): every level in one query, each level's top N kept by rank. */
function windowPlan(queries: LevelQueries): ReportPlan {
  return {
    rows(levels) {
      const builder = queries.newBuilder();
      return queries.run(reportSql(builder, levels, queries.where(builder)));
    },
  };
}

/** Stores without them (ClickHouse 18.16): one query per level under the parents the level above kept. */
function levelPlan(queries: LevelQueries, maxInlineParents?: number): ReportPlan {
  return { rows: (levels) => levelRows(queries, levels, maxInlineParents) };
}

export function reportPlanFor(
  dialect: ReportDialect,
  queries: LevelQueries,
  maxInlineParents?: number,
): ReportPlan {
  return dialect.windowFunctions ? windowPlan(queries) : levelPlan(queries, maxInlineParents);
}
