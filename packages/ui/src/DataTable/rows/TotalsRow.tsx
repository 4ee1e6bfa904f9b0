// biome-ignore-all lint/a11y/useSemanticElements: part of the div-based ARIA grid (see DataTable.tsx)
// biome-ignore-all lint/a11y/useFocusableInteractive: only body cells take part in the roving tabindex
import { cellClass, renderValue } from '../cells/cells.ts';
import * as styles from '../DataTable.css.ts';
import { type CellValue, type DataTableColumn, SELECT_WIDTH } from '../types.ts';

export interface TotalsRowProps<T> {
  columns: readonly {
    id: string;
    width: number;
    def: DataTableColumn<T> | undefined;
    /** A pinned column's sticky offset, px. */
    pinnedLeft: number | undefined;
  }[];
  totals: Record<string, CellValue>;
  label: string;
  selectable: boolean;
  rowHeight: number;
  ariaRowIndex: number;
  locale: string | undefined;
}

/** The sticky footer row: the label in the first column, each column's total under it. */
export function TotalsRow<T>({
  columns,
  totals,
  label,
  selectable,
  rowHeight,
  ariaRowIndex,
  locale,
}: TotalsRowProps<T>) {
  return (
    <div className={styles.tfoot} role="rowgroup">
      <div role="row" className={styles.row} aria-rowindex={ariaRowIndex}>
        {selectable && (
          <div
            role="gridcell"
            className={`${styles.cell} ${styles.pinned} ${styles.totalsCell}`}
            style={{ width: SELECT_WIDTH, height: rowHeight, insetInlineStart: 0 }}
          />
        )}
        {columns.map(({ id, width, def, pinnedLeft }, index) => {
          const content =
            def?.total !== undefined ? renderValue(def, totals[id], locale) : index === 0 ? label : '';
          return (
            <div
              key={id}
              role="gridcell"
              className={cellClass(
                def,
                index === columns.length - 1,
                pinnedLeft === undefined ? styles.totalsCell : `${styles.pinned} ${styles.totalsCell}`,
              )}
              style={{ width, height: rowHeight, insetInlineStart: pinnedLeft }}
            >
              <span className={styles.cellText}>{content}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
