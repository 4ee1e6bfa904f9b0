import { describe, expect, it } from 'vitest';
import { bucketsOf, periodDates, shiftLabel } from './buckets.ts';

describe('trend buckets', () => {
  it("lists the period's days, and for all time the days the answer's range covers in the zone", () => {
    const week = {
      preset: 'custom' as const,
      from: '2026-03-28',
      to: '2026-03-30',
      timeZone: 'Europe/Berlin',
    };
    expect(periodDates(week, undefined)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    const allTime = { preset: 'allTime' as const, from: null, to: null, timeZone: 'Europe/Berlin' };
    // 23:30 UTC is already the next day in Berlin; the range's end is exclusive.
    expect(periodDates(allTime, { from: '2026-03-27T23:30:00Z', to: '2026-03-29T22:00:00Z' })).toEqual([
      '2026-03-28',
      '2026-03-29',
    ]);
    expect(periodDates(allTime, { from: null, to: null })).toEqual([]);
  });

  it('names hours as the engine does and starts each day at its local midnight', () => {
    const hours = bucketsOf(['2026-03-29'], 'hour', 'Europe/Berlin');
    expect(hours).toHaveLength(24);
    expect(hours[0]).toEqual({ label: '2026-03-29 00:00', x: Date.UTC(2026, 2, 28, 23) / 1000 });
    expect(hours[14]?.label).toBe('2026-03-29 14:00');
    expect(bucketsOf(['2026-03-30'], 'day', 'Europe/Berlin')).toEqual([
      { label: '2026-03-30', x: Date.UTC(2026, 2, 29, 22) / 1000 },
    ]);
  });

  it('finds the bucket of the previous period across month ends', () => {
    expect(shiftLabel('2026-03-02 14:00', -7)).toBe('2026-02-23 14:00');
    expect(shiftLabel('2026-03-01', -1)).toBe('2026-02-28');
  });
});
