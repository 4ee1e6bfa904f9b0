import type { CellValue, DataTableColumn } from '../types.ts';

/**
 * The totals row: per column with a `total`, the sum or average of its finite values, or what its
 * function makes of the rows. With nested rows only the top level is passed in, since children are
 * a breakdown of their parent and would count twice.
 */
export function computeTotals<T>(
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
): Record<string, CellValue> {
  const result: Record<string, CellValue> = {};
  for (const column of columns) {
    if (!column.total) continue;
    if (typeof column.total === 'function') {
      result[column.id] = column.total(rows);
      continue;
    }
    let sum = 0;
    let count = 0;
    for (const row of rows) {
      const value = Number(column.accessor(row));
      if (Number.isFinite(value)) {
        sum += value;
        count++;
      }
    }
    result[column.id] = column.total === 'sum' ? sum : count ? sum / count : null;
  }
  return result;
}
