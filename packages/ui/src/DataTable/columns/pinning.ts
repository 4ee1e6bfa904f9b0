import { SELECT_WIDTH } from '../types.ts';

// Sideways scrolling keeps the selection column and the pinned columns (the one naming the row) in
// view: each sticks at the start edge (left, or right in a right-to-left page) after the ones before it, whatever order the user gave them.

export interface Pinning {
  /** Each pinned column's sticky offset from the start edge, px. */
  left: ReadonlyMap<string, number>;
  /** Width of everything pinned (the selection column included), px: where the start shadow falls. */
  width: number;
}

export function pinningOf(
  visible: readonly { id: string; width: number; pinned: boolean }[],
  selectable: boolean,
): Pinning {
  const left = new Map<string, number>();
  let width = selectable ? SELECT_WIDTH : 0;
  for (const column of visible) {
    if (!column.pinned) continue;
    left.set(column.id, width);
    width += column.width;
  }
  return { left, width };
}
