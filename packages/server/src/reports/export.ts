import {
  csvCell,
  type DimensionValue,
  REPORT_DIMENSION_LABELS,
  REPORT_METRIC_COLUMNS,
  type ReportDimension,
  type ReportMetric,
  type ReportMetrics,
  type ReportRow,
} from '@cairn/contract';
import type { Row } from '../store/events/port.ts';
import type { DimensionSpec } from './dimensions.ts';
import { metricsOf, sumsOf } from './metrics.ts';
import type { EntityNames } from './names.ts';

// The report's export (CSV here, XLSX in xlsx.ts): every row of every level in the report's order, written as the store hands
// the rows over, a chunk at a time, so memory holds one chunk whatever the report's size. A row has a
// column per grouping level (a nested row repeats its parents' names, like the panel's CSV), then the
// chosen metrics (money in units of the base currency), and the last row is the total.

/** One exported row: the names of its values from the top down (as deep as the row), and its metrics. */
export interface ExportRow {
  names: string[];
  metrics: ReportMetrics;
}

export interface ExportLevel {
  dimension: ReportDimension;
  spec: DimensionSpec;
}

/** Rows read every level through: far more than any level holds. */
export const UNCUT = 2_147_483_647;

const shownName = (name: string) => (name === '' ? '(not set)' : name);

/** A chunk of exportSql's rows (lvl, o1..oL, the sums) with the names of their values. */
export async function namedChunk(
  stored: readonly Row[],
  levels: readonly ExportLevel[],
  names: EntityNames,
): Promise<ExportRow[]> {
  const wanted = new Map<ReportDimension, Set<DimensionValue>>();
  const paths = stored.map((raw) =>
    levels.slice(0, Number(raw.lvl)).map((level, index) => {
      const value = level.spec.value(raw[`o${index + 1}`]);
      const values = wanted.get(level.dimension) ?? new Set<DimensionValue>();
      values.add(value);
      wanted.set(level.dimension, values);
      return value;
    }),
  );
  const nameOf = await names.resolve(wanted);
  return stored.map((raw, index) => ({
    names: (paths[index] ?? []).map((value, depth) =>
      shownName(nameOf((levels[depth] as ExportLevel).dimension, value)),
    ),
    metrics: metricsOf(sumsOf(raw)),
  }));
}

/** A report tree (the store without windows answers the export as one uncut report) in screen order. */
export function treeChunk(rows: readonly ReportRow[], parents: string[] = []): ExportRow[] {
  return rows.flatMap((row) => {
    const names = [...parents, shownName(row.name)];
    return [{ names, metrics: row.metrics }, ...treeChunk(row.children ?? [], names)];
  });
}

/** A metric as exported: money in units of the currency, rounded as the column writes it; null for none. */
export function metricValue(metric: ReportMetric, metrics: ReportMetrics): number | null {
  const column = REPORT_METRIC_COLUMNS[metric];
  const value = column.money ? metrics[metric] / 1_000_000 : metrics[metric];
  return Number.isFinite(value) ? Number(value.toFixed(column.decimals)) : null;
}

function metricCell(metric: ReportMetric, metrics: ReportMetrics): string {
  const value = metricValue(metric, metrics);
  return value === null ? '' : value.toFixed(REPORT_METRIC_COLUMNS[metric].decimals);
}

export interface CsvShape {
  levels: readonly ReportDimension[];
  metrics: readonly ReportMetric[];
  currency: string;
}

/** The column heads: a grouping level's name, then each metric with its unit. */
export function headLabels(shape: CsvShape): string[] {
  const metricHeads = shape.metrics.map((metric) => {
    const column = REPORT_METRIC_COLUMNS[metric];
    return column.money
      ? `${column.label} (${shape.currency})`
      : column.percent
        ? `${column.label} (%)`
        : column.label;
  });
  return [...shape.levels.map((level) => REPORT_DIMENSION_LABELS[level]), ...metricHeads];
}

export function csvHeader(shape: CsvShape): string {
  // A byte-order mark first, so spreadsheet programs read the names as UTF-8.
  return `\ufeff${headLabels(shape).map(csvCell).join(',')}\r\n`;
}

export function csvLines(shape: CsvShape, rows: readonly ExportRow[]): string {
  let text = '';
  for (const row of rows) {
    const names = shape.levels.map((_, index) => csvCell(row.names[index] ?? ''));
    text += `${[...names, ...shape.metrics.map((metric) => metricCell(metric, row.metrics))].join(',')}\r\n`;
  }
  return text;
}

export function csvTotal(shape: CsvShape, totals: ReportMetrics): string {
  const names = shape.levels.map((_, index) => (index === 0 ? 'Total' : ''));
  return `${[...names, ...shape.metrics.map((metric) => metricCell(metric, totals))].join(',')}\r\n`;
}
