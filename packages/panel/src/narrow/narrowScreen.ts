import { useSyncExternalStore } from 'react';

// Phones: below this width a list or report shows each row's name and the user's key metrics only, and
// its filters fold behind one button. The same width as the stacked forms and filters (entities.css.ts).

export const NARROW_SCREEN = 'screen and (max-width: 600px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW_SCREEN).matches;

/** Whether the screen is a phone's width now; follows a rotation or a resized window. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
