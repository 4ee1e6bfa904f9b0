import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IconButton } from '../../IconButton/IconButton.tsx';
import { Select } from '../../Select/Select.tsx';
import * as styles from '../DataTable.css.ts';

export interface PaginationProps {
  pageIndex: number;
  pageSize: number;
  /** Total rows on the server. */
  rowCount: number;
  onChange: (page: { pageIndex: number; pageSize: number }) => void;
  pageSizes?: readonly number[];
}

/** Server-side paging controls: previous/next and page size, with "1–50 of 1,234". */
export function Pager({
  pageIndex,
  pageSize,
  rowCount,
  onChange,
  pageSizes = [25, 50, 100, 250, 500],
}: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(rowCount / pageSize));
  const first = rowCount === 0 ? 0 : pageIndex * pageSize + 1;
  const last = Math.min(rowCount, (pageIndex + 1) * pageSize);
  return (
    <nav className={styles.pager} aria-label="Pages">
      <span className={styles.pagerText} aria-live="polite">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {rowCount.toLocaleString('en-US')}
      </span>
      <div style={{ width: 120 }}>
        <Select
          size="sm"
          aria-label="Rows per page"
          value={String(pageSize)}
          options={pageSizes.map((size) => ({ value: String(size), label: `${size} / page` }))}
          onValueChange={(value) => onChange({ pageIndex: 0, pageSize: Number(value) })}
        />
      </div>
      <IconButton
        label="Previous page"
        size="sm"
        variant="outline"
        disabled={pageIndex <= 0}
        onClick={() => onChange({ pageIndex: pageIndex - 1, pageSize })}
      >
        <ChevronLeft size={16} aria-hidden />
      </IconButton>
      <span className={styles.pagerText}>
        {pageIndex + 1} / {pageCount}
      </span>
      <IconButton
        label="Next page"
        size="sm"
        variant="outline"
        disabled={pageIndex >= pageCount - 1}
        onClick={() => onChange({ pageIndex: pageIndex + 1, pageSize })}
      >
        <ChevronRight size={16} aria-hidden />
      </IconButton>
    </nav>
  );
}
