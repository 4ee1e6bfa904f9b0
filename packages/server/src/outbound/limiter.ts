// At most `limit` tasks at once per key (a destination host), the rest queued in arrival order, so
// one slow destination holds its own slots and never another's.

export class KeyedLimiter {
  private readonly limit: number;
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('A limit is a whole number from 1');
    this.limit = limit;
  }

  /** Tasks running or waiting for this key. */
  load(key: string): number {
    return (this.active.get(key) ?? 0) + (this.waiting.get(key)?.length ?? 0);
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await task();
    } finally {
      this.release(key);
    }
  }

  private acquire(key: string): Promise<void> {
    const running = this.active.get(key) ?? 0;
    if (running < this.limit) {
      this.active.set(key, running + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(key) ?? [];
      queue.push(resolve);
      this.waiting.set(key, queue);
    });
  }

  private release(key: string): void {
    const queue = this.waiting.get(key);
    const next = queue?.shift();
    if (queue && queue.length === 0) this.waiting.delete(key);
    // The slot passes straight to the next waiter, so the count stays.
    if (next) {
      next();
      return;
    }
    const running = (this.active.get(key) ?? 1) - 1;
    if (running > 0) this.active.set(key, running);
    else this.active.delete(key);
  }
}
