/** Called after a write to an entity has committed. */
export type EntityChangeListener = (kind: string, id: number) => void;

/**
 * The entity change signal: every committed create, update, archive, restore and delete is announced
 * here, so in-memory copies (the click engine's routing table; on many nodes, PostgreSQL LISTEN/NOTIFY)
 * can follow without polling. Listeners run synchronously and must not throw into the writer.
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

  emit(kind: string, id: number): void {
    for (const listener of this.listeners) {
      try {
        listener(kind, id);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
