import {
  type DataTableAppearance,
  type DataTablePaging,
  type DataTableStatus,
  ServerMessage,
} from '@cairn/ui';
import type { UIEvent } from 'react';
import type { DebugSettings } from '../stores/debugSettings.ts';

// The tables of the logs loaded a cursor page at a time (click log, conversions, a subject's leads), one
// way for all three. A log asks for its next page while the end of the loaded rows is still a few screens
// below the view, so scrolling rarely waits for it (screens, not rows: row height follows the scheme). The table renders only the rows in view, so the rows
// already loaded cost nothing to keep.

/** Screens of rows left below the view when the next page is asked for. */
export const PREFETCH_SCREENS = 4;

/**
 * An `onScrollCapture` handler for the element around a DataTable: scroll events do not bubble, but they
 * are captured on the way down, so the table's own scroller tells how close its end is without the table
 * knowing about pages.
 */
export function loadMoreNearEnd(loadMore: () => void, prefetchScreens = PREFETCH_SCREENS) {
  return (event: UIEvent<HTMLElement>) => {
    const scroller = event.target as HTMLElement;
    const below = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    if (below <= prefetchScreens * scroller.clientHeight) loadMore();
  };
}

/** What a log's table reads of its infinite query (react-query's `useInfiniteQuery`). */
export interface CursorLogQuery {
  isPending: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
}

/** The status and paging parts of a log's DataTable: its loading, failure and empty states, and "Load more". */
export function cursorLogParts(
  query: CursorLogQuery,
  { loadMore, emptyTitle, moreLabel }: { loadMore: () => void; emptyTitle: string; moreLabel: string },
): { status: DataTableStatus; paging: DataTablePaging } {
  return {
    status: {
      loading: query.isPending,
      error: query.error ? <ServerMessage as="span" message={query.error.message} /> : undefined,
      onRetry: () => void query.refetch(),
      emptyTitle,
    },
    paging: {
      cursor: {
        // The query keeps the server's cursor; the pager only needs to know that one exists.
        nextCursor: query.hasNextPage ? 'more' : null,
        onNext: loadMore,
        loading: query.isFetchingNextPage,
        label: moreLabel,
      },
    },
  };
}

/** A log's rows carry no profit to tint them by: the colored-rows mode shows them as zebra rows instead. */
export function logAppearance<T>(debug: DebugSettings, locale: string): DataTableAppearance<T> {
  return {
    locale,
    height: 600,
    colorization: debug.colorizationMode === 'colored-rows' ? 'even-odd' : debug.colorizationMode,
    verticalBorders: debug.isWithVerticalBorders,
  };
}
