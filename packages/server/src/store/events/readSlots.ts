import type { DuckDBConnection } from '@duckdb/node-api';

/** Connections lent to one statement at a time; work waits for a free one. */
export class ReadSlots {
  private readonly idle: DuckDBConnection[];
  private readonly all: DuckDBConnection[];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  private busy = 0;
  private closed = false;
  private drained: (() => void) | null = null;

  constructor(connections: DuckDBConnection[]) {
    this.all = connections;
    this.idle = [...connections];
  }

  async run<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The event store is closed');
    const connection =
      this.idle.pop() ?? (await new Promise<DuckDBConnection>((resolve) => this.waiting.push(resolve)));
    this.busy += 1;
    try {
      return await work(connection);
    } finally {
      this.busy -= 1;
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
      if (this.busy === 0 && this.waiting.length === 0) this.drained?.();
    }
  }

  /** Waits for the statements running, then closes the connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.busy > 0 || this.waiting.length > 0) {
      await new Promise<void>((resolve) => {
        this.drained = resolve;
      });
    }
    for (const connection of this.all) connection.closeSync();
  }
}
