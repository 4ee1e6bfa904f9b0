// When the clicks staged in one turn of the event loop are journaled and answered. Committing at the end
// of every turn is right while clicks are few: the click is answered at once. Under load it lets the
// server fall into a trickle: a turn finds one or two requests, journals them with a write(2), answers
// them, and the load generator and the server take turns sleeping and waking each other across cores
// for every answer. In bench:click the same code then ran some bursts at 21-25k clicks/s with 2-9 clicks
// a commit and others at 30-33k/s with ~30, and a run's median depended on which rounds fell into which.
// So while clicks come fast, a batch waits a few turns for more, at most `maxLingerMs`, and a click waits no
// more than a millisecond longer. While they come slowly, nothing waits.
//
// A batch was first 16 clicks or half a millisecond. In paired runs of two servers on one bench (the
// main thread 96-98% busy in each, 2026-11-29), 32 clicks or 1 ms served 6-15% more clicks a second than
// 16 in each of 4 rounds, and 4-7% more than 48 clicks or 1.5 ms in each of 4: fewer commits and fewer
// turns of the loop a click, until the batch waits for clicks that are themselves waiting on its answers
// (bench:click's 50 connections each send their next request only once answered).
//
// After a commit under the same load the event loop keeps polling for `pollAfterCommitMs` rather than
// sleeping in epoll: the answers just sent bring the next requests within a fraction of a millisecond,
// and a core woken from sleep (a virtual machine's most of all) starts late on them. In bench:click
// polling for 0.3 ms after each commit lifted the clicks a second by 5-10% (2026-11-28). (The 8-12%
// "(idle)" a burst's CPU profile shows is the loop's own epoll and read calls, not waiting: the main
// thread's CPU time is 96-98% of the wall time through a burst.)

export interface CommitPacerOptions {
  /** Clicks a batch waits for while clicks come fast (default 32). */
  minBatch?: number;
  /** The longest a batch waits (default 1 ms). */
  maxLingerMs?: number;
  /** How often the rate of clicks is measured again (default 20 ms). */
  rateWindowMs?: number;
  /** How long the event loop keeps polling after a commit while clicks come fast (default 0.3 ms). */
  pollAfterCommitMs?: number;
  /** Milliseconds, finer than whole ones (default performance.now). */
  now?: () => number;
}

export class CommitPacer {
  private readonly minBatch: number;
  private readonly maxLingerMs: number;
  private readonly rateWindowMs: number;
  private readonly pollAfterCommitMs: number;
  private readonly now: () => number;
  /** Clicks a millisecond over the last whole window. */
  private rate = 0;
  private windowStart: number;
  private windowClicks = 0;
  private batchStartedAt = 0;
  private committedAt = Number.NEGATIVE_INFINITY;

  constructor(options: CommitPacerOptions = {}) {
    this.minBatch = options.minBatch ?? 32;
    this.maxLingerMs = options.maxLingerMs ?? 1;
    this.rateWindowMs = options.rateWindowMs ?? 20;
    this.pollAfterCommitMs = options.pollAfterCommitMs ?? 0.3;
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
    if (batchSize >= this.minBatch || !this.isRush()) return false;
    return this.now() - this.batchStartedAt < this.maxLingerMs;
  }

  /** Call when a batch has been committed and answered. */
  committed(): void {
    this.committedAt = this.now();
  }

  /**
   * Whether the event loop should poll another turn instead of sleeping: only in a rush, with nothing
   * staged (a staged click has its own turn coming), and for a short while after the last commit.
   */
  shouldPoll(batchSize: number): boolean {
    if (batchSize > 0 || !this.isRush()) return false;
    return this.now() - this.committedAt < this.pollAfterCommitMs;
  }

  /** Clicks come fast enough that half a batch is due within the longest wait. */
  private isRush(): boolean {
    return this.rate * this.maxLingerMs >= this.minBatch / 2;
  }
}
