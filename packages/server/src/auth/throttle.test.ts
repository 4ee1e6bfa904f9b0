import { describe, expect, it } from 'vitest';
import { FailureThrottle } from './throttle.ts';

describe('FailureThrottle', () => {
  it('refuses after max failures in the window and reopens as the oldest leaves it', () => {
    const throttle = new FailureThrottle(2, 60_000);
    throttle.recordFailure('k', 0);
    expect(throttle.retryAfterSeconds('k', 10_000)).toBe(0);
    throttle.recordFailure('k', 30_000);
    expect(throttle.retryAfterSeconds('k', 30_000)).toBe(30);
    expect(throttle.retryAfterSeconds('k', 60_001)).toBe(0);
    expect(throttle.retryAfterSeconds('other', 30_000)).toBe(0);
  });

  it('forgets a key on reset and on sweep once its failures are old', () => {
    const throttle = new FailureThrottle(1, 1000);
    throttle.recordFailure('a', 0);
    throttle.recordFailure('b', 0);
    throttle.reset('a');
    expect(throttle.retryAfterSeconds('a', 1)).toBe(0);
    expect(throttle.trackedKeys).toBe(1);
    throttle.sweep(5000);
    expect(throttle.trackedKeys).toBe(0);
  });

  it('counts a reservation as a failure until it is forgiven', () => {
    const throttle = new FailureThrottle(2, 60_000);
    const first = throttle.reserve('k', 1000);
    throttle.reserve('k', 2000);
    expect(throttle.retryAfterSeconds('k', 3000)).toBeGreaterThan(0);
    throttle.forgive('k', first);
    expect(throttle.retryAfterSeconds('k', 3000)).toBe(0);
    throttle.forgive('k', 2000);
    expect(throttle.trackedKeys).toBe(0);
  });
});
