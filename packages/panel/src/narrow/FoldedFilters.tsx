import { Button } from '@cairn/ui';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import * as styles from './FoldedFilters.css.ts';

/**
 * A page's filters, folded on a phone behind one "Filters" button that says how many are in effect (a
 * disclosure: they open in place, under the button); wider screens show them as they are.
 */
export function FoldedFilters({ active, children }: { active: number; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={styles.fold}>
      <span className={styles.toggle}>
        <Button
          variant="outline"
          tone="neutral"
          aria-expanded={open}
          aria-controls={id}
          icon={<SlidersHorizontal size={14} aria-hidden />}
          onClick={() => setOpen((old) => !old)}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
      </span>
      <div id={id} className={styles.content} data-open={open ? '' : undefined}>
        {children}
      </div>
    </div>
  );
}

/** How many of a page's filters are in effect: the ones with a value. */
export function activeFilterCount(filters: Readonly<Record<string, unknown>>): number {
  return Object.values(filters).filter((value) =>
    Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '',
  ).length;
}
