import { Slot } from '@radix-ui/react-slot';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../styles/motion.ts';
import * as styles from './Tabs.css.ts';

// Apart from Tabs.tsx: navigation tabs are plain links, and a screen with only these (the panel's
// header) should not carry Radix Tabs and its roving focus.

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export interface NavTabsRootProps {
  /** Names the navigation landmark, e.g. "Sections". */
  label: string;
  children: ReactNode;
  className?: string;
}

export interface NavTabsLinkProps {
  /** Whether this tab is the current page (sets aria-current="page"). */
  active?: boolean;
  /** Pass the router's link element as the only child; it receives the tab look. */
  asChild?: boolean;
  href?: string;
  children: ReactNode;
  className?: string;
}

interface Overflow {
  before: boolean;
  after: boolean;
}

/** Room kept beside the current tab, clear of the faded end and its arrow. */
const CLEARANCE = 48;

/**
 * Which ends of the row hide tabs, kept current on scroll, resize and new tabs. Whenever the current
 * tab changes (first render, tabs arriving with the user's rights) it is scrolled into the row, so a
 * section far down the list is never the one out of sight.
 */
/** 1 where the row runs left to right, -1 where it runs right to left (scrolling towards its end). */
function inlineSign(row: HTMLElement): 1 | -1 {
  return getComputedStyle(row).direction === 'rtl' ? -1 : 1;
}

function useOverflow() {
  const list = useRef<HTMLUListElement>(null);
  const shown = useRef<Element | null>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });
  const measure = useCallback(() => {
    const row = list.current;
    if (!row) return;
    const scrolled = Math.abs(row.scrollLeft);
    const before = scrolled > 1;
    const after = scrolled + row.clientWidth < row.scrollWidth - 1;
    setOverflow((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, []);
  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    const current = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && current !== shown.current) {
      // Distances from the row's start edge, which is its right edge in a right-to-left page, where
      // scrollLeft runs from 0 down to negative values.
      const sign = inlineSign(row);
      const start =
        sign > 0
          ? current.offsetLeft - row.offsetLeft
          : row.offsetLeft + row.offsetWidth - (current.offsetLeft + current.offsetWidth);
      const end = start + current.offsetWidth;
      const scrolled = Math.abs(row.scrollLeft);
      if (end + CLEARANCE > scrolled + row.clientWidth) {
        row.scrollLeft = sign * (end + CLEARANCE - row.clientWidth);
      } else if (start - CLEARANCE < scrolled) {
        row.scrollLeft = sign * Math.max(0, start - CLEARANCE);
      }
    }
    shown.current = current;
    measure();
  });
  useLayoutEffect(() => {
    const row = list.current;
    if (!row) return;
    row.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resize?.observe(row);
    return () => {
      row.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [measure]);
  const scroll = (direction: 1 | -1) => {
    const row = list.current;
    if (!row) return;
    row.scrollBy({
      left: direction * inlineSign(row) * row.clientWidth * 0.8,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };
  return { list, overflow, scroll };
}

/**
 * Navigation tabs: a list of links in a <nav>, the current one marked aria-current. Routing stays
 * in the app: pass a router link with `asChild`, e.g.
 * `<NavTabs.Link asChild active={isActive}><Link href="/offers">Offers</Link></NavTabs.Link>`.
 * Tabs that do not fit scroll sideways; the hidden end fades and shows an arrow that scrolls to it.
 */
export const NavTabs = {
  Root({ label, children, className }: NavTabsRootProps) {
    const { list, overflow, scroll } = useOverflow();
    return (
      <nav aria-label={label} className={styles.navRoot}>
        <ul
          ref={list}
          className={cx(styles.list, styles.scrollingList, className)}
          data-more-before={overflow.before || undefined}
          data-more-after={overflow.after || undefined}
        >
          {children}
        </ul>
        {/* Arrows for a mouse: a keyboard reaches every tab with Tab, which scrolls it into view, and a
            screen reader reads the whole list, so they are out of both. */}
        {overflow.before && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            className={cx(styles.scrollCue, styles.scrollCueBefore)}
            onClick={() => scroll(-1)}
          >
            <ChevronLeft size={16} aria-hidden />
          </button>
        )}
        {overflow.after && (
          <button
            type="button"
            tabIndex={-1}
            aria-hidden
            className={cx(styles.scrollCue, styles.scrollCueAfter)}
            onClick={() => scroll(1)}
          >
            <ChevronRight size={16} aria-hidden />
          </button>
        )}
      </nav>
    );
  },
  Link({ active = false, asChild = false, href, children, className }: NavTabsLinkProps) {
    const Component = asChild ? Slot : 'a';
    return (
      <li style={{ display: 'flex' }}>
        <Component
          href={asChild ? undefined : href}
          className={cx(styles.tab, className)}
          aria-current={active ? 'page' : undefined}
        >
          {children}
        </Component>
      </li>
    );
  },
};
