// When the clicks staged in one turn of the event loop are journaled and answered. Committing at the end
// of every turn is right while clicks are few: the click is answered at once. Under load it lets the
// server fall into a trickle: a turn finds one or two requests, journals them with a write(2), answers
// them, and the load generator and the server take turns sleeping and waking each other across cores
// for every answer. In bench:click the same code then ran some bursts at 21-25k clicks/s with 2-9 clicks
// a commit and others at 30-33k/s with ~30, and a run's median depended on which rounds fell into which.
// So while clicks come fast, a batch waits a few turns for more, at most `maxLingerMs`: every burst since
// has kept 20-33 clicks a commit, and a click waits no more than half a millisecond longer. While they
// come slowly, nothing waits.

export interface CommitPacerOptions {
  /** Clicks a batch waits for while clicks come fast (default 16). */
  minBatch?: number;
  /** The longest a batch waits (default 0.5 ms). */
  maxLingerMs?: number;
  /** How often the rate of clicks is measured again (default 20 ms). */
  rateWindowMs?: number;
  /** Milliseconds, finer than whole ones (default performance.now). */
  now?: () => number;
}

export class CommitPacer {
  private readonly minBatch: number;
  private readonly maxLingerMs: number;
  private readonly rateWindowMs: number;
  private readonly now: () => number;
  /** Clicks a millisecond over the last whole window. */
  private rate = 0;
  private windowStart: number;
  private windowClicks = 0;
  private batchStartedAt = 0;

  constructor(options: CommitPacerOptions = {}) {
    this.minBatch = options.minBatch ?? 16;
    this.maxLingerMs = options.maxLingerMs ?? 0.5;
    this.rateWindowMs = options.rateWindowMs ?? 20;
    this.now = options.now ?? (() => performance.now());
    this.windowStart = this.now();
  }

  /** Call for each click staged; `batchSize` is the staged count including it. */
  staged(batchSize: number): void {
    this.windowClicks += 1;
    if (batchSize !== 1) return;
    const now = this.now();
    this.batchStartedAt = now;
    const elapsed = now - this.windowStart;
    if (elapsed >= this.rateWindowMs) {
      this.rate = this.windowClicks / elapsed;
      this.windowStart = now;
      this.windowClicks = 0;
    }
  }

  /**
   * Whether a batch of `batchSize` staged clicks should wait another turn: only while clicks come fast
   * enough that half a batch is due within the wait, and until the batch is full or has waited its most.
   */
  shouldWait(batchSize: number): boolean {
    if (batchSize >= this.minBatch) return false;
    if (this.rate * this.maxLingerMs < this.minBatch / 2) return false;
    return this.now() - this.batchStartedAt < this.maxLingerMs;
  }
}
