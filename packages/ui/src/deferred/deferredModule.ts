import { useEffect, useSyncExternalStore } from 'react';

/**
 * Code a screen does not need to paint, fetched right after: the first component that uses it (with
 * useDeferredModule) starts the fetch when it mounts, and shows its placeholder until the code is there.
 * Meant for popups (a popover, a menu), whose trigger paints at once and whose code arrives before
 * anyone can open them.
 */
export interface DeferredModule<T> {
  current(): T | undefined;
  subscribe(listener: () => void): () => void;
  /** Starts the fetch (again, after a failure); resolves with the module. */
  load(): Promise<T>;
}

export function deferredModule<T>(fetchModule: () => Promise<T>): DeferredModule<T> {
  let module: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    current: () => module,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load() {
      loading ??= fetchModule().then(
        (fetched) => {
          module = fetched;
          for (const listener of listeners) listener();
          return fetched;
        },
        (error: unknown) => {
          // Forgotten, so the next use or press tries again.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}

/** The module once fetched, undefined until then; the first use starts the fetch. */
export function useDeferredModule<T>(deferred: DeferredModule<T>): T | undefined {
  const module = useSyncExternalStore(deferred.subscribe, deferred.current, deferred.current);
  useEffect(() => {
    if (deferred.current()) return;
    deferred.load().catch((error: unknown) => console.error('Deferred code did not load', error));
  }, [deferred]);
  return module;
}
