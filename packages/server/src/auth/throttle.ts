// In-memory failure counters for sign-in. A sliding window per key: after `max` failures inside the
// window further attempts are refused until the oldest failure leaves it. Kept in memory on purpose: a
// restart forgets them, which only helps someone who can already restart the server.
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (kept.length > 0) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < this.max) return 0;
    const oldestThatMustExpire = recent[recent.length - this.max] ?? now;
    return Math.max(1, Math.ceil((oldestThatMustExpire + this.windowMs - now) / 1000));
  }

  recordFailure(key: string, now: number): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
  }

  /**
   * Counts an attempt as a failure before it is checked, so parallel requests cannot all slip under the
   * budget while the first is still hashing; `forgive` takes it back when the attempt succeeds.
   */
  reserve(key: string, now: number): number {
    this.recordFailure(key, now);
    return now;
  }

  /** Takes back one failure recorded at `at` (a reservation whose attempt succeeded). */
  forgive(key: string, at: number): void {
    const recent = this.failures.get(key);
    if (!recent) return;
    const index = recent.lastIndexOf(at);
    if (index !== -1) recent.splice(index, 1);
    if (recent.length === 0) this.failures.delete(key);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  get trackedKeys(): number {
    return this.failures.size;
  }

  /** Forgets keys whose failures all left the window, so memory does not grow with every guessed login. */
  sweep(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }
}
