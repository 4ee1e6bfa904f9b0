/**
 * Called after a write to an entity has committed. A listener that keeps a copy returns the promise of
 * applying the change to it, and the write's caller is answered only once it has settled.
 */
export type EntityChangeListener = (kind: string, id: number) => unknown;

/**
 * The entity change signal: every committed create, update, archive, restore and delete is announced
 * here, so in-memory copies (the click engine's routing table; on many nodes, PostgreSQL LISTEN/NOTIFY)
 * can follow without polling. Listeners are called synchronously and must not throw into the writer.
 *
 * `emit` resolves once every listener's promise has settled, so an API write is answered only after this
 * node's copies hold it: a campaign created and sent traffic at once is routed, not answered 404 while
 * the routing table still reads it (under load that took long enough for hundreds of clicks).
 */
export class EntityChanges {
  private readonly listeners = new Set<EntityChangeListener>();
  private readonly onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = () => {}) {
    this.onListenerError = onListenerError;
  }

  /** Subscribes; the returned function unsubscribes. */
  onChange(listener: EntityChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(kind: string, id: number): Promise<void> {
    const applying: Promise<unknown>[] = [];
    for (const listener of this.listeners) {
      try {
        const applied = listener(kind, id);
        if (applied instanceof Promise) {
          applying.push(applied.catch((error: unknown) => this.onListenerError(error)));
        }
      } catch (error) {
        this.onListenerError(error);
      }
    }
    return Promise.all(applying).then(() => undefined);
  }
}
