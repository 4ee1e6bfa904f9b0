// biome-ignore-all lint/a11y/useSemanticElements: part of the div-based ARIA grid (see DataTable.tsx)
// biome-ignore-all lint/a11y/useFocusableInteractive: only body cells take part in the roving tabindex
import type { ReactTable, RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { Checkbox } from '../../Checkbox/Checkbox.tsx';
import { cellClass } from '../cells/cells.ts';
import * as styles from '../DataTable.css.ts';
import type { Features } from '../features.ts';
import { type DataTableColumn, isNumeric, SELECT_WIDTH } from '../types.ts';

const RESIZE_STEP = 16;

export interface DataTableHeaderProps<T extends RowData> {
  table: ReactTable<Features, T>;
  columns: ReadonlyMap<string, DataTableColumn<T>>;
  selectable: boolean;
  /** Sticky offsets of the pinned columns (pinning.ts). */
  pinnedLeft: ReadonlyMap<string, number>;
  rowHeight: number;
  /** Number of sort levels: the level of each sorted column is shown only when there are several. */
  sortLevels: number;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: (checked: boolean) => void;
  /** Keyboard resizing: the new width of a column. */
  onResize: (columnId: string, width: number) => void;
}

/** The sticky header: sort buttons and resize handles, then the filter row when a column filters. */
export function DataTableHeader<T extends RowData>({
  table,
  columns,
  selectable,
  pinnedLeft,
  rowHeight,
  sortLevels,
  allSelected,
  someSelected,
  onToggleAll,
  onResize,
}: DataTableHeaderProps<T>) {
  const visibleColumns = table.getVisibleLeafColumns();
  const hasFilters = visibleColumns.some((column) => column.getCanFilter());

  return (
    <div className={styles.thead} role="rowgroup">
      {table.getHeaderGroups().map((group) => (
        <div key={group.id} role="row" className={styles.row} aria-rowindex={1}>
          {selectable && (
            <div
              role="columnheader"
              className={`${styles.cell} ${styles.pinned} ${styles.headerCell} ${styles.selectCell}`}
              style={{ width: SELECT_WIDTH, height: rowHeight, insetInlineStart: 0 }}
              data-cell="h"
            >
              <Checkbox
                aria-label="Select all rows"
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                // From "some" the box selects every row, as a native indeterminate checkbox does.
                onCheckedChange={(checked) => onToggleAll(checked === true)}
              />
            </div>
          )}
          {group.headers.map((header, index) => {
            const column = columns.get(header.column.id);
            const sorted = header.column.getIsSorted();
            const sortIndex = header.column.getSortIndex();
            const name = column?.header ?? header.column.id;
            const left = pinnedLeft.get(header.column.id);
            return (
              <div
                key={header.id}
                role="columnheader"
                className={cellClass(
                  column,
                  index === group.headers.length - 1,
                  left === undefined ? styles.headerCell : `${styles.pinned} ${styles.headerCell}`,
                )}
                style={{ width: header.getSize(), height: rowHeight, insetInlineStart: left }}
                aria-sort={
                  sortIndex === 0 && sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined
                }
                data-cell="h"
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={header.column.getToggleSortingHandler()}
                    title="Sort (Shift+click adds a sort level)"
                  >
                    <span className={styles.cellText}>{column?.header}</span>
                    {sorted === 'asc' ? (
                      <ArrowUp size={14} aria-hidden />
                    ) : sorted === 'desc' ? (
                      <ArrowDown size={14} aria-hidden />
                    ) : (
                      <ChevronsUpDown size={14} aria-hidden style={{ opacity: 0.4 }} />
                    )}
                    {sorted && sortLevels > 1 && <span className={styles.sortIndex}>{sortIndex + 1}</span>}
                  </button>
                ) : (
                  <span className={styles.cellText}>{column?.header}</span>
                )}
                <div
                  role="separator"
                  aria-orientation="vertical"
                  aria-label={`Resize ${name}`}
                  aria-valuenow={header.getSize()}
                  aria-valuemin={header.column.columnDef.minSize}
                  tabIndex={0}
                  className={styles.resizer}
                  data-resizing={header.column.getIsResizing()}
                  onMouseDown={header.getResizeHandler()}
                  onTouchStart={header.getResizeHandler()}
                  onDoubleClick={() => header.column.resetSize()}
                  onKeyDown={(event) => {
                    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                    event.preventDefault();
                    const delta = event.key === 'ArrowRight' ? RESIZE_STEP : -RESIZE_STEP;
                    const min = header.column.columnDef.minSize ?? 60;
                    onResize(header.column.id, Math.max(min, header.getSize() + delta));
                  }}
                />
              </div>
            );
          })}
        </div>
      ))}
      {hasFilters && (
        <div role="row" className={styles.row} aria-rowindex={2}>
          {selectable && (
            <div
              role="gridcell"
              className={`${styles.cell} ${styles.pinned} ${styles.filterCell}`}
              style={{ width: SELECT_WIDTH, insetInlineStart: 0 }}
            />
          )}
          {visibleColumns.map((column, index) => {
            const def = columns.get(column.id);
            const left = pinnedLeft.get(column.id);
            return (
              <div
                key={column.id}
                role="gridcell"
                className={cellClass(
                  undefined,
                  index === visibleColumns.length - 1,
                  left === undefined ? styles.filterCell : `${styles.pinned} ${styles.filterCell}`,
                )}
                style={{ width: column.getSize(), insetInlineStart: left }}
              >
                {column.getCanFilter() && (
                  <input
                    className={styles.filterInput}
                    aria-label={`Filter ${def?.header ?? column.id}`}
                    placeholder={isNumeric(def?.kind) ? '>0, 1..9' : 'Filter'}
                    // A number range reads left to right in any language; text filters follow the page.
                    dir={isNumeric(def?.kind) ? 'ltr' : undefined}
                    value={(column.getFilterValue() as string | undefined) ?? ''}
                    onChange={(event) => column.setFilterValue(event.target.value)}
                  />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
