import type { UIEvent } from 'react';

// A log loaded a cursor page at a time (click log, conversions) asks for its next page while the end of
// the loaded rows is still some rows below the view, so scrolling rarely waits for it. The table renders
// only the rows in view, so the rows already loaded cost nothing to keep.

/** Rows left below the view when the next page is asked for. */
export const PREFETCH_ROWS = 60;

/**
 * An `onScrollCapture` handler for the element around a DataTable: scroll events do not bubble, but they
 * are captured on the way down, so the table's own scroller tells how close its end is without the table
 * knowing about pages.
 */
export function loadMoreNearEnd(loadMore: () => void, rowHeight: number, prefetchRows = PREFETCH_ROWS) {
  return (event: UIEvent<HTMLElement>) => {
    const scroller = event.target as HTMLElement;
    if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - prefetchRows * rowHeight)
      loadMore();
  };
}
