import type { ReactNode } from 'react';

export const TOAST_TYPES = ['default', 'success', 'info', 'error', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

/** SPEC.md section 9: at most three toasts on screen; the rest wait their turn. */
export const MAX_VISIBLE_TOASTS = 3;
/** Matches Radix Toast's own default, which the spec names as the auto-close time. */
export const TOAST_DURATION_MS = 5000;
/** How long a closed toast stays mounted so its fade-out can play. */
export const TOAST_EXIT_MS = 200;

/** A button in the toast for the one thing to do about its message, such as Undo. */
export interface ToastAction {
  /** The button's text, e.g. "Undo". */
  label: string;
  /** Runs on click, with the toast's id; the toast then closes. */
  onClick: (id: number) => void;
  /**
   * For screen reader users, who hear the toast announced but may not reach it before it closes: where
   * else the same thing can be done (Radix reads it out with the message). The label when left out.
   */
  altText?: string;
}

export interface ToastOptions {
  title?: ReactNode;
  action?: ToastAction;
  /**
   * Identifies a message that may be raised repeatedly (e.g. the same failing request from several
   * interceptors): while a toast with this key is open, raising it again replaces that toast's
   * content and restarts nothing, instead of stacking copies.
   */
  key?: string;
  /** Milliseconds before auto-close; `Infinity` keeps the toast until it is closed. */
  duration?: number;
}

export interface ToastItem extends ToastOptions {
  id: number;
  type: ToastType;
  message: ReactNode;
  open: boolean;
}

type Listener = () => void;

// A tiny external store so non-React code (the panel's HTTP interceptors) can raise toasts and
// <Toaster /> reads them with useSyncExternalStore.
let items: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(next: readonly ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly ToastItem[] {
    return items;
  },
  add(type: ToastType, message: ReactNode, options: ToastOptions = {}): number {
    const same =
      options.key === undefined ? undefined : items.find((item) => item.open && item.key === options.key);
    if (same) {
      emit(items.map((item) => (item === same ? { ...item, ...options, type, message } : item)));
      return same.id;
    }
    const id = nextId++;
    emit([...items, { ...options, id, type, message, open: true }]);
    return id;
  },
  /** Changes an open toast in place (the promise helper turns its "Saving..." into the outcome). */
  update(id: number, type: ToastType, message: ReactNode, options: ToastOptions = {}): void {
    if (!items.some((item) => item.id === id && item.open)) return;
    emit(items.map((item) => (item.id === id ? { ...item, ...options, type, message } : item)));
  },
  dismiss(id: number): void {
    if (!items.some((item) => item.id === id && item.open)) return;
    emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
    // Dropping the closed toast lets the next queued one take its place once the fade is over.
    setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_EXIT_MS);
  },
  clear(): void {
    emit([]);
  },
};

/** The toasts on screen: the open ones up to the limit, plus closed ones still fading out. */
export function visibleToasts(all: readonly ToastItem[]): ToastItem[] {
  const shown: ToastItem[] = [];
  let open = 0;
  for (const item of all) {
    if (!item.open) shown.push(item);
    else if (open < MAX_VISIBLE_TOASTS) {
      shown.push(item);
      open++;
    }
  }
  return shown;
}

type ToastFn = (message: ReactNode, options?: ToastOptions) => number;

/** What the promise helper shows while a task runs and once it ends. */
export interface ToastPromiseMessages<T> {
  loading: ReactNode;
  success: ReactNode | ((value: T) => ReactNode);
  error: ReactNode | ((reason: unknown) => ReactNode);
  /** Options of the outcome's toast, e.g. an Undo action after a save. */
  successOptions?: ToastOptions | ((value: T) => ToastOptions);
}

/**
 * One toast for a task: it says the task is running until the promise settles (it never closes by itself
 * meanwhile), then becomes its outcome and closes after the usual time. Returns the same promise, so the
 * caller still awaits or handles it.
 */
function toastPromise<T>(promise: Promise<T>, messages: ToastPromiseMessages<T>): Promise<T> {
  const id = toastStore.add('info', messages.loading, { duration: Number.POSITIVE_INFINITY });
  promise.then(
    (value) => {
      const options =
        typeof messages.successOptions === 'function'
          ? messages.successOptions(value)
          : messages.successOptions;
      const message = typeof messages.success === 'function' ? messages.success(value) : messages.success;
      toastStore.update(id, 'success', message, { duration: TOAST_DURATION_MS, ...options });
    },
    (reason: unknown) => {
      const message = typeof messages.error === 'function' ? messages.error(reason) : messages.error;
      toastStore.update(id, 'error', message, { duration: TOAST_DURATION_MS });
    },
  );
  return promise;
}

/** Imperative API, callable anywhere: `toast.error(message)`, `toast.dismiss(id)`. */
export const toast: ToastFn &
  Record<Exclude<ToastType, 'default'>, ToastFn> & {
    dismiss: (id: number) => void;
    clear: () => void;
    promise: typeof toastPromise;
  } = Object.assign(
  (message: ReactNode, options?: ToastOptions) => toastStore.add('default', message, options),
  {
    success: (message: ReactNode, options?: ToastOptions) => toastStore.add('success', message, options),
    info: (message: ReactNode, options?: ToastOptions) => toastStore.add('info', message, options),
    error: (message: ReactNode, options?: ToastOptions) => toastStore.add('error', message, options),
    warning: (message: ReactNode, options?: ToastOptions) => toastStore.add('warning', message, options),
    dismiss: (id: number) => toastStore.dismiss(id),
    clear: () => toastStore.clear(),
    promise: toastPromise,
  },
);
