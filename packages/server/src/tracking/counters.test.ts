import { describe, expect, it } from 'vitest';
import { BucketCounter, MinuteCounter } from './counters.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 11, 1, 9, 0);

describe('the clicks-per-minute counter', () => {
  it('counts each minute of the last hour, oldest first, and forgets a minute an hour on', () => {
    const counter = new MinuteCounter();
    counter.add(T0);
    counter.add(T0 + 59_999);
    counter.add(T0 + MINUTE, 3);
    counter.add(T0 + 30_000); // back in the first minute
    const hour = counter.lastHour(T0 + MINUTE);
    expect(hour).toHaveLength(60);
    expect(hour.at(-2)).toEqual({ minute: new Date(T0).toISOString(), count: 3 });
    expect(hour.at(-1)).toEqual({ minute: new Date(T0 + MINUTE).toISOString(), count: 3 });
    expect(hour.slice(0, -2).every((entry) => entry.count === 0)).toBe(true);

    // An hour later the same slot starts again from nothing.
    counter.add(T0 + 60 * MINUTE);
    const later = counter.lastHour(T0 + 60 * MINUTE);
    expect(later.at(-1)).toEqual({ minute: new Date(T0 + 60 * MINUTE).toISOString(), count: 1 });
    expect(later.find((entry) => entry.minute === new Date(T0 + MINUTE).toISOString())?.count).toBe(3);
    expect(later.some((entry) => entry.minute === new Date(T0).toISOString())).toBe(false);
  });
});

describe('the bucket counter', () => {
  it('counts each observation in the first bound that holds it, cumulatively, with sum and total', () => {
    const counter = new BucketCounter([0.01, 0.001, 0.1]);
    for (const value of [0.0005, 0.001, 0.002, 0.05, 0.5, Number.NaN]) counter.observe(value);
    const { buckets, count, sum } = counter.snapshot();
    expect(buckets).toEqual([
      { le: 0.001, count: 2 },
      { le: 0.01, count: 3 },
      { le: 0.1, count: 4 },
    ]);
    // 0.5 is above every bound: only in the total (Prometheus's +Inf), and NaN is not counted at all.
    expect(count).toBe(5);
    expect(sum).toBeCloseTo(0.5535, 10);
  });
});
