import type { ConfigStore } from '../store/config/port.ts';

// Failure budgets for sign-in, kept in the config store: every node of an installation reads and spends
// the same ones, so guesses spread over nodes meet the budget one node would set. A sliding window per
// budget key: after `max` failures inside the window further attempts are refused until the oldest of
// them leaves it. Checking and reserving run in one config transaction, which runs alone across all
// nodes (see the PostgreSQL store) and on the embedded store's single queue, so parallel attempts on
// any node can never all slip under a budget.

export interface Budget {
  key: string;
  /** Failures allowed inside the window. */
  max: number;
}

export type Reservation = { retryAfterSeconds: number } | { ids: number[] };

export class FailureLedger {
  private readonly store: ConfigStore;
  private readonly windowMs: number;

  constructor(store: ConfigStore, windowMs: number) {
    this.store = store;
    this.windowMs = windowMs;
  }

  /**
   * Counts an attempt as a failure under every budget before it is checked, so parallel requests cannot
   * all slip under a budget while the first is still hashing; `forgive` takes it back when the attempt
   * succeeds. When a budget is spent nothing is reserved and the answer is the seconds to wait.
   */
  reserve(budgets: readonly Budget[], now: number): Promise<Reservation> {
    return this.store.transaction(async (tx) => {
      let retryAfterSeconds = 0;
      for (const { key, max } of budgets) {
        const recent = await tx.query<{ at_ms: number }>(
          `SELECT at_ms FROM sign_in_failures WHERE budget_key = $1 AND at_ms > $2 ORDER BY at_ms DESC LIMIT ${Math.trunc(max)}`,
          [key, now - this.windowMs],
        );
        const oldestThatMustExpire = recent[max - 1];
        if (oldestThatMustExpire) {
          const wait = Math.ceil((Number(oldestThatMustExpire.at_ms) + this.windowMs - now) / 1000);
          retryAfterSeconds = Math.max(retryAfterSeconds, wait, 1);
        }
      }
      if (retryAfterSeconds > 0) return { retryAfterSeconds };
      const ids: number[] = [];
      for (const { key } of budgets) {
        const [row] = await tx.query<{ id: number }>(
          'INSERT INTO sign_in_failures (budget_key, at_ms) VALUES ($1, $2) RETURNING id',
          [key, now],
        );
        ids.push(Number(row?.id));
      }
      return { ids };
    });
  }

  /** Takes back reservations whose attempts succeeded. */
  async forgive(ids: readonly number[]): Promise<void> {
    const known = ids.filter(Number.isSafeInteger);
    if (known.length === 0) return;
    await this.store.execute(`DELETE FROM sign_in_failures WHERE id IN (${known.join(', ')})`);
  }

  /** Forgets every failure under these budget keys. */
  async reset(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.store.execute(
      `DELETE FROM sign_in_failures WHERE budget_key IN (${keys.map((_, index) => `$${index + 1}`).join(', ')})`,
      keys,
    );
  }

  /** Drops failures that left the window, so the table does not grow with every guessed login. */
  async sweep(now: number): Promise<void> {
    await this.store.execute('DELETE FROM sign_in_failures WHERE at_ms <= $1', [now - this.windowMs]);
  }
}
