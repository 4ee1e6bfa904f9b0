import { type RefObject, useEffect } from 'react';

/**
 * Marks the frame around a sideways-scrolling table with what is out of view: `data-scrolled-start`
 * once the start is scrolled away, `data-more-end` while columns remain past the end (the right, or the left in a right-to-left page). The styles draw a
 * shadow on those edges. Written straight to the DOM: scrolling re-renders nothing.
 */
export function useScrollEdges(
  frameRef: RefObject<HTMLElement | null>,
  scrollRef: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const frame = frameRef.current;
    const scroller = scrollRef.current;
    if (!frame || !scroller) return;
    const update = () => {
      // Right to left, scrollLeft runs from 0 down to negative values: the distance from the start is its size.
      const fromStart = Math.abs(scroller.scrollLeft);
      const start = fromStart > 0;
      // A rounding pixel at high zoom is not a column out of view.
      const end = fromStart + scroller.clientWidth < scroller.scrollWidth - 1;
      if (frame.dataset.scrolledStart !== String(start)) frame.dataset.scrolledStart = String(start);
      if (frame.dataset.moreEnd !== String(end)) frame.dataset.moreEnd = String(end);
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    // The table's own width changes with columns shown, hidden and resized.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(scroller);
    if (scroller.firstElementChild) observer?.observe(scroller.firstElementChild);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [frameRef, scrollRef]);
}
