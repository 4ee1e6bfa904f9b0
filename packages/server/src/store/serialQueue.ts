// DuckDB runs one statement at a time per connection, so each connection's work is queued: a failed
// item does not stop the ones after it, and nothing starts once the queue is closed.
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;
  private readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error(`The ${this.name} is closed`));
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Waits for the queued work, then refuses more. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.run(async () => undefined);
    this.closed = true;
  }

  get isClosed(): boolean {
    return this.closed;
  }
}
