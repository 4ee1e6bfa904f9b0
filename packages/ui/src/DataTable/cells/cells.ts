import * as styles from '../DataTable.css.ts';
import { type CellValue, type DataTableColumn, isNumeric } from '../types.ts';
import { type ColorizationMode, formatValue, toneOf } from './format.ts';

// What every part of the grid (header, filter row, body rows, totals) shares about a cell.

export function cellClass(
  column: { kind?: DataTableColumn<never>['kind'] } | undefined,
  isLast: boolean,
  extra?: string,
) {
  let name = styles.cell;
  if (isNumeric(column?.kind)) name += ` ${styles.cellEnd}`;
  if (isLast) name += ` ${styles.lastCell}`;
  if (extra) name += ` ${extra}`;
  return name;
}

export function renderValue<T>(column: DataTableColumn<T>, value: CellValue, locale: string | undefined) {
  return formatValue(value, column.kind ?? 'text', {
    locale,
    currency: column.currency,
    decimals: column.decimals,
  });
}

/** The tint of a profit-like cell in the modes that tint cells or text rather than rows. */
export function cellToneClass<T>(
  column: DataTableColumn<T>,
  value: CellValue,
  colorization: ColorizationMode,
): string | undefined {
  if (!column.profit || colorization === 'colored-rows') return undefined;
  const tone = toneOf(value);
  if (!tone) return undefined;
  return colorization === 'colored-cells' ? styles.cellTone[`${tone}Cell`] : styles.cellTone[`${tone}Text`];
}

/** A visible column as the body rows draw it, worked out once per render rather than per cell. */
export interface ColumnView<T> {
  id: string;
  def: DataTableColumn<T>;
  width: number;
  /** Cell class without the value-dependent tint. */
  className: string;
  /** Grid column index, counting the selection column. */
  col: number;
  /** A pinned column's sticky offset from the start edge, px. */
  pinnedLeft?: number;
}
