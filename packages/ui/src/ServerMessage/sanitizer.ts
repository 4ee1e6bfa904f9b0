// Fetches the sanitiser (sanitize.ts, with DOMPurify) once, for every ServerMessage that shows markup,
// and tells the ones waiting for it when it has arrived or could not be fetched.

export type Sanitize = (text: string) => string;

export type SanitizerState =
  | { status: 'idle' | 'loading' | 'failed' }
  | { status: 'ready'; sanitize: Sanitize };

let state: SanitizerState = { status: 'idle' };
let loading: Promise<Sanitize> | undefined;
const listeners = new Set<() => void>();

function set(next: SanitizerState) {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeSanitizer(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function sanitizerState(): SanitizerState {
  return state;
}

/**
 * The sanitiser, fetched on first use. A failed fetch (a chunk gone after an upgrade, a dropped
 * connection) is forgotten, so the next message with markup tries again.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('./sanitize.ts').then(
    ({ sanitizeServerText }) => {
      set({ status: 'ready', sanitize: sanitizeServerText });
      return sanitizeServerText;
    },
    (error: unknown) => {
      loading = undefined;
      set({ status: 'failed' });
      throw error;
    },
  );
  if (state.status === 'idle' || state.status === 'failed') set({ status: 'loading' });
  return loading;
}
