/** SPEC.md section 2/9: shown only for navigations slower than 300 ms ... */
export const PROGRESS_DELAY_MS = 300;
/** ... grows to 75% over 800 ms ... */
export const PROGRESS_GROW_MS = 800;
export const PROGRESS_GROW_TO = 75;
/** ... and finishes to 100% over 400 ms when the navigation resolves, then fades. */
export const PROGRESS_FINISH_MS = 400;
export const PROGRESS_FADE_MS = 200;

export const PROGRESS_PHASES = ['idle', 'pending', 'growing', 'finishing', 'fading'] as const;
export type ProgressPhase = (typeof PROGRESS_PHASES)[number];

export interface ProgressState {
  phase: ProgressPhase;
  /** Width (percent) the current phase starts from; finishing starts where growing got to. */
  from: number;
}

/** Width reached after `elapsedMs` of growing (linear, as the CSS animation runs). */
export function growthAt(elapsedMs: number): number {
  const fraction = Math.min(1, Math.max(0, elapsedMs / PROGRESS_GROW_MS));
  return Math.round(fraction * PROGRESS_GROW_TO * 100) / 100;
}

type Listener = () => void;

/**
 * The bar's clock lives outside React so a router, a lazy import or a route guard can call
 * `start()`/`done()` from anywhere. The widths themselves are CSS animations; the store only
 * decides which phase is showing and where the finishing animation starts.
 */
export function createProgressStore(now: () => number = () => Date.now()) {
  let state: ProgressState = { phase: 'idle', from: 0 };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let growingSince = 0;
  const listeners = new Set<Listener>();

  const set = (next: ProgressState) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const after = (ms: number, fn: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  };

  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): ProgressState => state,
    /** A navigation began. Repeated calls while one is under way change nothing. */
    start(): void {
      if (state.phase === 'pending' || state.phase === 'growing') return;
      set({ phase: 'pending', from: 0 });
      after(PROGRESS_DELAY_MS, () => {
        growingSince = now();
        set({ phase: 'growing', from: 0 });
      });
    },
    /** The navigation resolved (or failed): finish the bar, or never show it if it was quick. */
    done(): void {
      if (state.phase === 'pending') {
        clearTimeout(timer);
        set({ phase: 'idle', from: 0 });
        return;
      }
      if (state.phase !== 'growing') return;
      set({ phase: 'finishing', from: growthAt(now() - growingSince) });
      after(PROGRESS_FINISH_MS, () => {
        set({ phase: 'fading', from: 100 });
        after(PROGRESS_FADE_MS, () => set({ phase: 'idle', from: 0 }));
      });
    },
  };
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

/** The app-wide instance `<NavigationProgress />` shows by default. */
export const navigationProgress: ProgressStore = createProgressStore();
