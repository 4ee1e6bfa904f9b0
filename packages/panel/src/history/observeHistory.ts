export type HistoryChange = { type: 'push' | 'replace'; url: string };
export type HistoryListener = (change: HistoryChange) => void;

const listeners = new Set<HistoryListener>();
const patched = new WeakSet<History>();

// The History API fires no event for pushState/replaceState, so they are wrapped once per History
// object; whatever wrapped them earlier (the router) keeps running underneath.
function patch(history: History) {
  if (patched.has(history)) return;
  patched.add(history);
  for (const [method, type] of [
    ['pushState', 'push'],
    ['replaceState', 'replace'],
  ] as const) {
    const original = history[method];
    history[method] = function patchedHistoryMethod(
      this: History,
      ...args: Parameters<History['pushState']>
    ) {
      original.apply(this, args);
      const change: HistoryChange = { type, url: window.location.href };
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          console.error('History listener failed', error);
        }
      }
    };
  }
}

/** Calls `listener` after every push and replace; returns the unsubscribe. */
export function observeHistory(listener: HistoryListener, history: History = window.history): () => void {
  patch(history);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
