import { FONT_SETTINGS_DEBOUNCE_MS } from './constants.ts';

export interface Debounced<Args extends unknown[]> {
  (...args: Args): void;
  /** Drops a pending call, e.g. when the settings screen unmounts. */
  cancel(): void;
  /** Runs a pending call now instead of waiting. */
  flush(): void;
}

/** Calls `fn` with the latest arguments once `waitMs` passed without a new call. */
export function debounce<Args extends unknown[]>(
  fn: (...args: Args) => void,
  waitMs: number = FONT_SETTINGS_DEBOUNCE_MS,
): Debounced<Args> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pendingArgs: Args | undefined;

  const run = () => {
    timer = undefined;
    const args = pendingArgs;
    pendingArgs = undefined;
    if (args) fn(...args);
  };

  const debounced = (...args: Args) => {
    pendingArgs = args;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(run, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pendingArgs = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    run();
  };
  return debounced;
}
