import type { ReportDimension, ReportMetric } from '@cairn/contract';
import type { ExpandedState, SortingState } from '@cairn/ui';
import type { ReportFilters, ReportRow } from '../api.ts';
import { type CsvCell, toCsv } from '../csv.ts';
import { DIMENSION_LABELS } from '../dimensions.ts';
import { csvHeader, csvMetric, isMetric, type Metrics, metricValue } from '../metrics.ts';

// The report's rows as the table's tree: ids unique across levels (the path of values from the top),
// each row knowing the values above it, so a row can link to a report narrowed to it and the CSV can
// write a column per level.

export interface TreeRow {
  id: string;
  depth: number;
  dimension: ReportDimension;
  value: string | number | null;
  name: string;
  /** On the "others" row: how many values it folds together. */
  others: number | undefined;
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

/** The value a column sorts by, as the table reads it. */
export function sortValue(row: TreeRow, column: string): string | number | undefined {
  if (isMetric(column)) return metricValue(row.metrics, column);
  return row.name;
}

function compareBy(sorting: SortingState) {
  return (a: TreeRow, b: TreeRow): number => {
    for (const { id, desc } of sorting) {
      const left = sortValue(a, id);
      const right = sortValue(b, id);
      // Rows without the value go last either way, like the table puts them.
      if (left === undefined || right === undefined) {
        if (left !== right) return left === undefined ? 1 : -1;
        continue;
      }
      const order =
        typeof left === 'number' && typeof right === 'number'
          ? left - right
          : String(left).localeCompare(String(right));
      if (order !== 0) return desc ? -order : order;
    }
    return 0;
  };
}

/** The rows on screen, in screen order: each level sorted within its parent, children of open rows only. */
export function shownRows(
  rows: readonly TreeRow[],
  expanded: ExpandedState,
  sorting: SortingState,
): TreeRow[] {
  const compare = compareBy(sorting);
  const out: TreeRow[] = [];
  const walk = (level: readonly TreeRow[]) => {
    const ordered = sorting.length > 0 ? [...level].sort(compare) : level;
    for (const row of ordered) {
      out.push(row);
      const open = expanded === true || (expanded as Record<string, boolean>)[row.id] === true;
      if (open && row.children) walk(row.children);
    }
  };
  walk(rows);
  return out;
}

export interface ReportCsvInput {
  rows: readonly TreeRow[];
  expanded: ExpandedState;
  sorting: SortingState;
  levels: readonly ReportDimension[];
  metrics: readonly ReportMetric[];
  totals: Metrics;
  currency: string;
}

/** One column per grouping level (a child row repeats its parents' names), then the metrics, then the total. */
export function reportCsv(input: ReportCsvInput): string {
  const header: CsvCell[] = [
    ...input.levels.map((level) => DIMENSION_LABELS[level]),
    ...input.metrics.map((metric) => csvHeader(metric, input.currency)),
  ];
  const body = shownRows(input.rows, input.expanded, input.sorting).map((row) => [
    ...input.levels.map((_, index) => row.names[index] ?? ''),
    ...input.metrics.map((metric) => csvMetric(metric, row.metrics)),
  ]);
  const total: CsvCell[] = [
    'Total',
    ...input.levels.slice(1).map(() => ''),
    ...input.metrics.map((metric) => csvMetric(metric, input.totals)),
  ];
  return toCsv([header, ...body, total]);
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
