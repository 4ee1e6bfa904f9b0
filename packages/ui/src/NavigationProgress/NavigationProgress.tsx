import { assignInlineVars } from '@vanilla-extract/dynamic';
import { useSyncExternalStore } from 'react';
import * as styles from './NavigationProgress.css.ts';
import { navigationProgress, type ProgressState, type ProgressStore } from './progressStore.ts';

export interface NavigationProgressProps {
  /** Defaults to the app-wide `navigationProgress` store. */
  store?: ProgressStore;
  /** Accessible name of the bar. */
  label?: string;
}

/** Mount once at the top of the layout; drive it with `navigationProgress.start()` / `.done()`. */
export function NavigationProgress({ store = navigationProgress, label }: NavigationProgressProps) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return <NavigationProgressBar state={state} label={label} />;
}

/** The bar for a given state, without a store (stories, previews). */
export function NavigationProgressBar({
  state,
  label = 'Loading page',
}: {
  state: ProgressState;
  label?: string;
}) {
  if (state.phase === 'idle' || state.phase === 'pending') return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      className={styles.bar}
      data-phase={state.phase}
      style={assignInlineVars({ [styles.fromWidth]: `${state.from}%` })}
    />
  );
}
