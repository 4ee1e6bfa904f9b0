import { type RefObject, useLayoutEffect, useState } from 'react';

const px = (value: string) => Number.parseFloat(value) || 0;

/**
 * The space the page lays out below `element`: at each level up to the body, the in-flow siblings that
 * follow it and the parent's bottom padding and border. Read from the layout of what follows, not from
 * the parents' heights, which a `min-height: 100vh` shell stretches to the window.
 */
export function spaceBelow(element: HTMLElement): number {
  let total = 0;
  for (let node = element; node.parentElement && node !== document.body; node = node.parentElement) {
    const parent = node.parentElement;
    const nodeBottom = node.getBoundingClientRect().bottom;
    let lowest = nodeBottom;
    for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
      const style = getComputedStyle(sibling);
      if (style.position === 'absolute' || style.position === 'fixed' || style.display === 'none') continue;
      lowest = Math.max(lowest, sibling.getBoundingClientRect().bottom + px(style.marginBottom));
    }
    const parentStyle = getComputedStyle(parent);
    total += lowest - nodeBottom + px(parentStyle.paddingBottom) + px(parentStyle.borderBottomWidth);
  }
  return total;
}

/**
 * The scroller height of a table that fills the page: as tall as its rows need, at most what the window
 * has left below the scroller's top once what follows it (pager, page padding) fits too, but at least
 * `min` when the rows need that much. Measured against the page scrolled to its top, again whenever the window or the page resizes.
 */
export function useFillHeight(
  enabled: boolean,
  scrollRef: RefObject<HTMLElement | null>,
  contentHeight: number,
  min: number,
): number {
  const [available, setAvailable] = useState<number | undefined>(undefined);
  // The scroller's borders and its sideways scroll bar, when the columns are wider than the box.
  const [chrome, setChrome] = useState(2);
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!enabled || !scroller) return;
    const next = scroller.offsetHeight - scroller.clientHeight;
    if (next > 0 && next !== chrome) setChrome(next);
  });
  useLayoutEffect(() => {
    if (!enabled) return;
    const measure = () => {
      const scroller = scrollRef.current;
      if (!scroller) return;
      const top = scroller.getBoundingClientRect().top + window.scrollY;
      const next = Math.floor(window.innerHeight - top - spaceBelow(scroller));
      if (Number.isFinite(next)) setAvailable((old) => (old === next ? old : next));
    };
    measure();
    window.addEventListener('resize', measure);
    // What is above and below the table changes height too (filters wrap, a selection bar shows).
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [enabled, scrollRef]);
  const needed = contentHeight + chrome;
  return Math.min(needed, Math.max(min, available ?? needed));
}
