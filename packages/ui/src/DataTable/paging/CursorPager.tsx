import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../Button/Button.tsx';
import { IconButton } from '../../IconButton/IconButton.tsx';
import * as styles from '../DataTable.css.ts';

export const CURSOR_PAGER_MODES = ['more', 'pages'] as const;
export type CursorPagerMode = (typeof CURSOR_PAGER_MODES)[number];

/** Paging for APIs that answer `{ rows, nextCursor }` and cannot count their rows. */
export interface CursorPaginationProps {
  /** The server's `nextCursor`: null or undefined when nothing follows the rows shown. */
  nextCursor: string | null | undefined;
  /**
   * `more` (default): a "Load more" button, the next rows go below the ones loaded (a log);
   * `pages`: one page at a time with Previous / Next.
   */
  mode?: CursorPagerMode;
  /** Load more / Next page: ask the server for the rows after `cursor`. */
  onNext: (cursor: string) => void;
  /** `pages`: back to the page before; leave it out on the first page. */
  onPrevious?: () => void;
  /** `pages`: which page is shown, from 0. */
  pageIndex?: number;
  /** Rows shown so far; DataTable fills in the length of its data. */
  loadedCount?: number;
  /** A request for more rows is under way: the button shows it and does not fire again. */
  loading?: boolean;
  /** Name of the navigation landmark (default "More rows" or "Pages"); give each one on a page its own. */
  label?: string;
}

const count = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/** "Load more" or Previous / Next over a cursor, next to the page-counting <Pager>. */
export function CursorPager({
  nextCursor,
  mode = 'more',
  onNext,
  onPrevious,
  pageIndex = 0,
  loadedCount,
  loading = false,
  label,
}: CursorPaginationProps) {
  const hasMore = nextCursor != null && nextCursor !== '';
  const next = () => {
    if (hasMore && !loading) onNext(nextCursor);
  };
  if (mode === 'pages') {
    return (
      <nav className={styles.pager} aria-label={label ?? 'Pages'}>
        {loadedCount !== undefined && (
          <span className={styles.pagerText} aria-live="polite">
            {count(loadedCount)} on this page
          </span>
        )}
        <IconButton
          label="Previous page"
          size="sm"
          variant="outline"
          disabled={!onPrevious}
          onClick={() => onPrevious?.()}
        >
          <ChevronLeft size={16} aria-hidden />
        </IconButton>
        <span className={styles.pagerText}>Page {pageIndex + 1}</span>
        <IconButton
          label="Next page"
          size="sm"
          variant="outline"
          disabled={!hasMore}
          loading={loading}
          onClick={next}
        >
          <ChevronRight size={16} aria-hidden />
        </IconButton>
      </nav>
    );
  }
  return (
    <nav className={styles.pager} aria-label={label ?? 'More rows'}>
      {loadedCount !== undefined && (
        <span className={styles.pagerText} aria-live="polite">
          {hasMore ? `${count(loadedCount)} loaded` : `All ${count(loadedCount)}`}
        </span>
      )}
      {hasMore && (
        <Button size="sm" variant="outline" tone="neutral" loading={loading} onClick={next}>
          Load more
        </Button>
      )}
    </nav>
  );
}
