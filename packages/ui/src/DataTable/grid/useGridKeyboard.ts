import type { RowData } from '@tanstack/react-table';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { TableRow } from '../types.ts';

export interface GridFocus {
  row: number;
  col: number;
}

export interface GridKeyboardOptions<T extends RowData> {
  /** The rows in display order (children of open rows included). */
  rows: readonly TableRow<T>[];
  columnCount: number;
  /** Rows that PageUp / PageDown move by. */
  pageRows: number;
  selectable: boolean;
  /** Grid column holding the expander of nested rows, or -1 when rows are flat. */
  treeCol: number;
  onRowActivate?: (row: T) => void;
  /** The element holding the cells, to move DOM focus into. */
  scrollRef: RefObject<HTMLElement | null>;
  /** Brings a row into view (the body is virtualised: the row may not be rendered yet). */
  scrollToRow: (index: number) => void;
}

/**
 * Keyboard model of an ARIA grid: one focusable cell (roving tabindex), arrows, Home / End (Ctrl for
 * the first / last row), PageUp / PageDown, Space selects the row, Enter activates it. With nested
 * rows, in the expander's column Right opens a closed row and Left closes an open one or goes to
 * the parent, as in the ARIA treegrid pattern; Enter opens or closes a row when there is no
 * `onRowActivate`.
 */
export function useGridKeyboard<T extends RowData>({
  rows,
  columnCount,
  pageRows,
  selectable,
  treeCol,
  onRowActivate,
  scrollRef,
  scrollToRow,
}: GridKeyboardOptions<T>) {
  const [focus, setFocusState] = useState<GridFocus>({ row: 0, col: 0 });
  const shouldFocus = useRef(false);
  const clamped: GridFocus = {
    row: Math.min(focus.row, Math.max(0, rows.length - 1)),
    col: Math.min(focus.col, Math.max(0, columnCount - 1)),
  };
  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    const element = scrollRef.current?.querySelector<HTMLElement>(
      `[data-cell="${clamped.row}:${clamped.col}"]`,
    );
    element?.focus({ preventScroll: true });
  });

  // A cell that gets focus from a click or Tab becomes the roving one; stable for memoised rows.
  const setFocus = useCallback(
    (row: number, col: number) =>
      setFocusState((old) => (old.row === row && old.col === col ? old : { row, col })),
    [],
  );

  const moveFocus = (row: number, col: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      col: Math.max(0, Math.min(columnCount - 1, col)),
    };
    shouldFocus.current = true;
    setFocusState(next);
    scrollToRow(next.row);
  };

  const treeKey = (key: string, current: TableRow<T>, row: number): boolean => {
    if (key === 'ArrowRight' && current.getCanExpand() && !current.getIsExpanded()) {
      current.toggleExpanded(true);
      return true;
    }
    if (key !== 'ArrowLeft') return false;
    if (current.getCanExpand() && current.getIsExpanded()) {
      current.toggleExpanded(false);
      return true;
    }
    if (current.depth === 0) return false;
    for (let index = row - 1; index >= 0; index--) {
      if (rows[index]?.id === current.parentId) {
        moveFocus(index, clamped.col);
        return true;
      }
    }
    return false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!target.hasAttribute('data-cell') || rows.length === 0) return;
    const { row, col } = clamped;
    const current = rows[row];
    if (current && col === treeCol && treeKey(event.key, current, row)) {
      event.preventDefault();
      return;
    }
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(row + 1, col);
        break;
      case 'ArrowUp':
        moveFocus(row - 1, col);
        break;
      case 'ArrowRight':
        moveFocus(row, col + 1);
        break;
      case 'ArrowLeft':
        moveFocus(row, col - 1);
        break;
      case 'PageDown':
        moveFocus(row + pageRows, col);
        break;
      case 'PageUp':
        moveFocus(row - pageRows, col);
        break;
      case 'Home':
        moveFocus(event.ctrlKey ? 0 : row, 0);
        break;
      case 'End':
        moveFocus(event.ctrlKey ? rows.length - 1 : row, columnCount - 1);
        break;
      case ' ':
        if (selectable && current) {
          current.getToggleSelectedHandler()({
            target: { checked: !current.getIsSelected() },
            shiftKey: event.shiftKey,
          });
        }
        break;
      case 'Enter':
        if (current && onRowActivate) onRowActivate(current.original);
        else if (current?.getCanExpand()) current.toggleExpanded();
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  return { focus: clamped, setFocus, onKeyDown };
}
