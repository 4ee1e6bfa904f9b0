type Listener = () => void;

/** The smallest store React can read with useSyncExternalStore and plain code can write. */
export interface ExternalStore<T> {
  subscribe(listener: Listener): () => void;
  getSnapshot(): T;
}

export function createListeners() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(): void {
      for (const listener of listeners) listener();
    },
  };
}
