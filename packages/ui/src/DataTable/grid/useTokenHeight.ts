import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The rendered height in px of a probe element whose CSS height is a theme token (a table row, a
 * header row). The virtualiser needs row heights as numbers, while the scheme and the user's size
 * preference decide them in CSS; measuring the probe follows both, including a scheme class set on a
 * wrapper rather than the root. Until measured, or where nothing is laid out (jsdom), `fallback`.
 */
export function useTokenHeight(probeRef: RefObject<HTMLElement | null>, fallback: number): number {
  const [height, setHeight] = useState(fallback);
  useLayoutEffect(() => {
    const probe = probeRef.current;
    if (!probe) return;
    const measure = () => {
      const measured = probe.getBoundingClientRect().height;
      // Whole pixels: row offsets are multiples of it, and fractions blur every row's borders.
      setHeight(measured > 0 ? Math.round(measured) : fallback);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(probe);
    return () => observer.disconnect();
  }, [probeRef, fallback]);
  return height;
}
