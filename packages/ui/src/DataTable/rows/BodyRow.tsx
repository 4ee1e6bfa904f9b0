// biome-ignore-all lint/a11y/useSemanticElements: part of the div-based ARIA grid (see DataTable.tsx)
// biome-ignore-all lint/a11y/useFocusableInteractive: ARIA grid roving tabindex: only the active cell is focusable
import { vars } from '@cairn/tokens';
import type { RowData } from '@tanstack/react-table';
import { ChevronRight } from 'lucide-react';
import { memo, useLayoutEffect, useRef } from 'react';
import { Checkbox } from '../../Checkbox/Checkbox.tsx';
import { type ColumnView, cellToneClass, renderValue } from '../cells/cells.ts';
import type { ColorizationMode } from '../cells/format.ts';
import * as styles from '../DataTable.css.ts';
import { type CellValue, SELECT_WIDTH, type TableRow } from '../types.ts';

export interface BodyRowProps<T extends RowData> {
  row: TableRow<T>;
  /** Position in the displayed rows, from 0. */
  rowIndex: number;
  /** Offset from the top of the body, px. */
  start: number;
  height: number;
  ariaRowIndex: number;
  className: string;
  selectable: boolean;
  selected: boolean;
  columns: readonly ColumnView<T>[];
  /** The grid column of the focusable cell when it is in this row, else -1. */
  focusCol: number;
  onCellFocus: (row: number, col: number) => void;
  colorization: ColorizationMode;
  locale: string | undefined;
  /** Nested rows: the row's level and whether it has children to show. */
  nested: boolean;
  canExpand: boolean;
  expanded: boolean;
}

// Indent per level of nesting; the expander is as wide, so a leaf's text lines up with its parent's.
const INDENT = 20;

function BodyRowInner<T extends RowData>({
  row,
  rowIndex,
  start,
  height,
  ariaRowIndex,
  className,
  selectable,
  selected,
  columns,
  focusCol,
  onCellFocus,
  colorization,
  locale,
  nested,
  canExpand,
  expanded,
}: BodyRowProps<T>) {
  // Rows are recycled (see VirtualRows): when this element now shows another row, a DOM focus left
  // in it would sit on the wrong row, so let it go, as it went when rows were unmounted.
  const element = useRef<HTMLDivElement>(null);
  const focusColRef = useRef(focusCol);
  focusColRef.current = focusCol;
  useLayoutEffect(() => {
    void rowIndex;
    const active = document.activeElement;
    if (focusColRef.current === -1 && active instanceof HTMLElement && element.current?.contains(active)) {
      active.blur();
    }
  }, [rowIndex]);
  return (
    <div
      ref={element}
      role="row"
      className={className}
      style={{ transform: `translateY(${start}px)`, height }}
      aria-rowindex={ariaRowIndex}
      aria-selected={selectable ? selected : undefined}
      aria-level={nested ? row.depth + 1 : undefined}
      aria-expanded={nested && canExpand ? expanded : undefined}
      data-row-id={row.id}
    >
      {selectable && (
        <div
          role="gridcell"
          className={`${styles.cell} ${styles.selectCell} ${styles.pinned}`}
          style={{ width: SELECT_WIDTH, insetInlineStart: 0 }}
          data-cell={`${rowIndex}:0`}
          tabIndex={focusCol === 0 ? 0 : -1}
          onFocus={() => onCellFocus(rowIndex, 0)}
        >
          <Checkbox
            tabIndex={-1}
            aria-label={`Select row ${row.id}`}
            checked={selected}
            // click, not checked change: only the click event carries Shift for range selection. The new state
            // is passed as the keyboard's Space does (useGridKeyboard), since the box is a button with no
            // `checked` of its own for TanStack to read.
            onClick={(event) =>
              row.getToggleSelectedHandler()({ target: { checked: !selected }, shiftKey: event.shiftKey })
            }
          />
        </div>
      )}
      {columns.map(({ id, def, width, className: cellClassName, col, pinnedLeft }, index) => {
        // Values straight from the row: building TanStack Cell objects for every row that
        // scrolls past (and keeping them cached) was the main garbage while scrolling 100k rows.
        const value = row.getValue(id) as CellValue;
        const tone = cellToneClass(def, value, colorization);
        return (
          <div
            key={id}
            role="gridcell"
            className={tone ? `${cellClassName} ${tone}` : cellClassName}
            style={
              nested && index === 0
                ? {
                    width,
                    insetInlineStart: pinnedLeft,
                    paddingInlineStart: `calc(${vars.space.sm} + ${row.depth * INDENT}px)`,
                  }
                : { width, insetInlineStart: pinnedLeft }
            }
            data-cell={`${rowIndex}:${col}`}
            data-col-id={id}
            tabIndex={focusCol === col ? 0 : -1}
            onFocus={() => onCellFocus(rowIndex, col)}
          >
            {nested && index === 0 && (
              <Expander
                canExpand={canExpand}
                expanded={expanded}
                label={String(value ?? row.id)}
                onToggle={() => row.toggleExpanded()}
              />
            )}
            <span className={styles.cellText}>
              {def.cell ? def.cell(row.original, value) : renderValue(def, value, locale)}
            </span>
          </div>
        );
      })}
    </div>
  );
}

function Expander({
  canExpand,
  expanded,
  label,
  onToggle,
}: {
  canExpand: boolean;
  expanded: boolean;
  label: string;
  onToggle: () => void;
}) {
  if (!canExpand) return <span className={styles.expanderSpace} aria-hidden />;
  return (
    <button
      type="button"
      // The cell holds the keyboard focus (Left / Right open and close): the button is for the mouse.
      tabIndex={-1}
      className={styles.expander}
      aria-label={`${expanded ? 'Collapse' : 'Expand'} ${label}`}
      aria-expanded={expanded}
      data-expanded={expanded}
      onClick={onToggle}
    >
      <ChevronRight size={14} aria-hidden />
    </button>
  );
}

/** One body row; memoised, so a scroll frame renders only the rows that came into view. */
export const BodyRow = memo(BodyRowInner) as typeof BodyRowInner;
