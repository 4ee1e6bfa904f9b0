import type { RowData } from '@tanstack/react-table';
import {
  type FocusEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useRef,
  useState,
} from 'react';
import * as styles from '../DataTable.css.ts';
import type { TableRow } from '../types.ts';
import { type ColumnView, renderValue } from './cells.ts';

// A cell too narrow for its text ends in an ellipsis; its whole text is then the cell's title on hover
// and a tip under it while it has the keyboard focus. Screen readers need neither: the text is all in
// the cell, only cut visually. Worked out when a cell is pointed at or focused, never per render.

const CELL = '[role="gridcell"][data-cell]';

/** Whether the cell's text (or the cell itself) is wider than the room it has. */
function isCut(cell: HTMLElement): boolean {
  const clip = cell.querySelector<HTMLElement>(`.${styles.cellText}`) ?? cell;
  return clip.scrollWidth > clip.clientWidth;
}

export interface CellTip {
  text: string;
  left: number;
  top: number;
}

export function useCellTips<T extends RowData>({
  rootRef,
  rows,
  columns,
  locale,
}: {
  rootRef: RefObject<HTMLElement | null>;
  rows: readonly TableRow<T>[];
  columns: readonly ColumnView<T>[];
  locale: string | undefined;
}) {
  const [tip, setTip] = useState<CellTip | null>(null);
  const latest = useRef({ rows, columns, locale });
  latest.current = { rows, columns, locale };
  const titled = useRef<HTMLElement | null>(null);

  const textOf = useCallback((cell: HTMLElement): string | undefined => {
    const [rowIndex, col] = (cell.dataset.cell ?? '').split(':').map(Number);
    const { rows, columns, locale } = latest.current;
    const row = rows[rowIndex ?? -1];
    const view = columns.find((column) => column.col === col);
    if (!row || !view) return undefined;
    const value = row.getValue(view.id) as Parameters<typeof renderValue>[1];
    if (view.def.text) return view.def.text(row.original, value);
    if (!view.def.cell) return renderValue(view.def, value, locale);
    const clip = cell.querySelector(`.${styles.cellText}`) ?? cell;
    return clip.textContent ?? undefined;
  }, []);

  /** Drops the title given last: rows are recycled, so that element may show another row by now. */
  const clearTitle = useCallback(() => {
    titled.current?.removeAttribute('title');
    titled.current = null;
  }, []);

  const onPointerOver = useCallback(
    (event: ReactPointerEvent<HTMLElement>) => {
      const cell = (event.target as Element).closest<HTMLElement>(CELL);
      if (!cell || cell === titled.current) return;
      clearTitle();
      const text = isCut(cell) ? textOf(cell) : undefined;
      if (!text) return;
      cell.title = text;
      titled.current = cell;
    },
    [clearTitle, textOf],
  );

  const onFocus = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const target = event.target as HTMLElement;
      const cell = target.closest<HTMLElement>(CELL);
      const root = rootRef.current;
      // A click focuses the cell too; the pointer has the title then.
      if (!cell || !root || !target.matches(':focus-visible') || !isCut(cell)) {
        setTip(null);
        return;
      }
      const text = textOf(cell);
      if (!text) return setTip(null);
      const cellBox = cell.getBoundingClientRect();
      const rootBox = root.getBoundingClientRect();
      setTip({ text, left: cellBox.left - rootBox.left, top: cellBox.bottom - rootBox.top });
    },
    [rootRef, textOf],
  );

  const hide = useCallback(() => {
    clearTitle();
    setTip(null);
  }, [clearTitle]);

  return { tip, onPointerOver, onFocus, onBlur: () => setTip(null), hide };
}

export function CellTipView({ tip }: { tip: CellTip | null }) {
  if (!tip) return null;
  // Hidden from screen readers: the cell already holds the whole text.
  return (
    <div className={styles.cellTip} style={{ left: tip.left, top: tip.top }} aria-hidden>
      {tip.text}
    </div>
  );
}
