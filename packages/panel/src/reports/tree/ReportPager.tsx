import { Button } from '@cairn/ui';
import * as styles from '../reports.css.ts';

// Under the report: how many of the first level's rows are on screen of how many it holds, and the way
// to the rest. The server sorted the level over all of them, so what is not loaded yet ranks below.

export interface ReportPagerProps {
  shown: number;
  total: number;
  locale: string;
  loading: boolean;
  onMore: () => void;
  onAll: () => void;
}

export function ReportPager({ shown, total, locale, loading, onMore, onAll }: ReportPagerProps) {
  if (total === 0) return null;
  const count = (n: number) => n.toLocaleString(locale);
  return (
    <nav className={styles.pager} aria-label="Report rows">
      <span className={styles.muted} aria-live="polite">
        Showing {count(shown)} of {count(total)}
      </span>
      {shown < total && (
        <>
          <Button size="sm" variant="outline" tone="neutral" loading={loading} onClick={onMore}>
            Load more
          </Button>
          <Button size="sm" variant="outline" tone="neutral" loading={loading} onClick={onAll}>
            Load all
          </Button>
        </>
      )}
    </nav>
  );
}
