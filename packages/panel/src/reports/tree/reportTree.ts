import type { ReportDimension } from '@cairn/contract';
import type { ReportFilters, ReportRow } from '../api.ts';
import type { Metrics } from '../metrics.ts';

// The report's rows as the table's tree: ids unique across levels (the path of values from the top),
// each row knowing the values above it, so a row can link to a report narrowed to it. Rows come sorted
// from the server (every level over all its rows); the CSV is the server's too (api.ts).

export interface TreeRow {
  id: string;
  depth: number;
  dimension: ReportDimension;
  value: string | number | null;
  name: string;
  /** On the "others" row: how many values it folds together. */
  others: number | undefined;
  /** Rows the level below holds under this one; `children` may be the first of them only. */
  childTotal: number | undefined;
  metrics: Metrics;
  /** With the comparison on: the previous period's figures and the change. */
  comparison: ReportRow['comparison'];
  /** This row's value and those of the rows above it, top first; an "others" row has none of its own. */
  path: { dimension: ReportDimension; value: string | number }[];
  /** The names of the rows above it and its own, top first. */
  names: string[];
  children: TreeRow[] | undefined;
}

export function treeRows(rows: readonly ReportRow[], parent?: TreeRow): TreeRow[] {
  return rows.map((row) => {
    const key = `${row.dimension}=${row.value === null ? '~others' : String(row.value)}`;
    const path = parent ? [...parent.path] : [];
    if (row.value !== null) path.push({ dimension: row.dimension, value: row.value });
    const name = rowName(row);
    const node: TreeRow = {
      id: parent ? `${parent.id}/${key}` : key,
      depth: parent ? parent.depth + 1 : 0,
      dimension: row.dimension,
      value: row.value,
      name,
      others: row.others,
      childTotal: row.childTotal,
      metrics: row.metrics,
      comparison: row.comparison,
      path,
      names: parent ? [...parent.names, name] : [name],
      children: undefined,
    };
    node.children = row.children && row.children.length > 0 ? treeRows(row.children, node) : undefined;
    return node;
  });
}

function rowName(row: ReportRow): string {
  if (row.value === null) return `Others (${(row.others ?? 0).toLocaleString()})`;
  return row.name === '' ? '(not set)' : row.name;
}

/**
 * The report one level deeper for a row: the row's values become filters, grouped by the levels that
 * were below it (by day when there were none, or by hour when the day is already fixed).
 */
export function narrowedTo(
  row: TreeRow,
  levels: readonly ReportDimension[],
  filters: ReportFilters,
): { levels: ReportDimension[]; filters: ReportFilters } {
  const next: ReportFilters = { ...filters };
  for (const step of row.path) next[step.dimension] = [String(step.value)];
  const fixed = new Set(row.path.map((step) => step.dimension));
  const rest = levels.slice(row.depth + 1).filter((level) => !fixed.has(level));
  const deeper: ReportDimension[] = rest.length > 0 ? rest : [fixed.has('day') ? 'hour' : 'day'];
  return { levels: deeper, filters: next };
}
