import { observeElementRect, type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
} from 'react';

export interface VirtualRowsHandle {
  scrollToIndex: (index: number) => void;
}

export interface VirtualRowsProps {
  ref?: RefObject<VirtualRowsHandle | null>;
  count: number;
  rowHeight: number;
  /** Viewport height, used until the scroller has been measured. */
  height: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  getItemKey: (index: number) => string | number;
  /**
   * Draws one row. `slot` is the key to give it: rows that scroll in take over the slots (and so the
   * DOM elements) of the rows that scrolled out, rather than unmounting one set and mounting another.
   */
  renderRow: (item: { index: number; start: number }, slot: number) => ReactNode;
  className?: string;
}

/**
 * The body rowgroup of the grid, holding only the rows in view. It owns the virtualiser so that a
 * scroll frame re-renders these rows and nothing else.
 */
export function VirtualRows({
  ref,
  count,
  rowHeight,
  height,
  scrollRef,
  getItemKey,
  renderRow,
  className,
}: VirtualRowsProps) {
  // Every option is referentially stable: the virtualiser recomputes the positions of all rows
  // (100k) whenever getItemKey changes identity, which cost ~30 ms per scroll frame.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const observeRect = useCallback(
    (instance: Virtualizer<HTMLDivElement, Element>, callback: (rect: Rect) => void) =>
      // Without layout (first paint, jsdom, a hidden tab) the scroller measures 0 px; fall back to
      // the height we gave it rather than rendering no rows at all.
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { width: rect.width, height }),
      ),
    [height],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    overscan: 8,
    initialRect: { width: 0, height },
    observeElementRect: observeRect,
    getItemKey,
  });
  // The scroller is an ancestor, and React attaches an ancestor's ref after this component's layout
  // effects: on the first commit the virtualiser found no element and listened to no scrolling
  // until something re-rendered the table. Passive effects run once refs are attached.
  useEffect(() => {
    virtualizer._willUpdate();
  }, [virtualizer]);
  // The row height comes from the scheme and the user's size (measured after the first paint, and again
  // when either changes); the virtualiser keeps the positions it worked out until told to measure again.
  useLayoutEffect(() => {
    void rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  useImperativeHandle(
    ref,
    () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) }),
    [virtualizer],
  );

  // Indices in view are consecutive, so `index % count` gives each a distinct slot, and a row
  // scrolling in lands in the slot of the one that left. Recreating ~250 cells per frame when
  // scrolling fast (and the garbage of it) made the longest pauses.
  const items = virtualizer.getVirtualItems();
  return (
    // biome-ignore lint/a11y/useSemanticElements: part of the div-based ARIA grid (see DataTable.tsx)
    <div role="rowgroup" className={className} style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => renderRow(item, item.index % items.length))}
    </div>
  );
}
