import { describe, expect, it } from 'vitest';
import {
  addDays,
  endOfMonth,
  formatRange,
  isDateString,
  presetRange,
  rangeToUtc,
  resolveRange,
  startOfDayUtc,
  todayIn,
} from './dateRange.ts';

// 2026-03-01 10:30 UTC: March 1 in UTC, Auckland (evening) and Los Angeles (small hours).
const now = new Date('2026-03-01T10:30:00Z');

describe('date range math', () => {
  it('takes "today" in the viewer time zone', () => {
    expect(todayIn('UTC', now)).toBe('2026-03-01');
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-03-01');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-01');
    expect(todayIn('America/Los_Angeles', new Date('2026-03-01T05:00:00Z'))).toBe('2026-02-28');
    expect(todayIn('Pacific/Auckland', new Date('2026-02-28T12:00:00Z'))).toBe('2026-03-01');
  });

  it('computes every preset', () => {
    const at = (preset: Parameters<typeof presetRange>[0]) => presetRange(preset, now, 'UTC');
    expect(at('today')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(at('yesterday')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(at('last7')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(at('last14')).toEqual({ from: '2026-02-16', to: '2026-03-01' });
    expect(at('last30')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(at('thisMonth')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(at('lastMonth')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(at('thisYear')).toEqual({ from: '2026-01-01', to: '2026-03-01' });
    expect(at('allTime')).toEqual({ from: null, to: null });
  });

  it('handles month and year edges', () => {
    expect(presetRange('lastMonth', new Date('2026-01-15T12:00:00Z'), 'UTC')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(endOfMonth('2028-02-10')).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(presetRange('yesterday', new Date('2026-03-01T05:00:00Z'), 'America/Los_Angeles')).toEqual({
      from: '2026-02-27',
      to: '2026-02-27',
    });
  });

  it('converts a zoned range to UTC instants across a DST change', () => {
    // New York springs forward on 2026-03-08: that day is 23 hours long.
    expect(startOfDayUtc('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayUtc('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const { start, end } = rangeToUtc({ from: '2026-03-08', to: '2026-03-08' }, 'America/New_York');
    expect(((end?.getTime() ?? 0) - (start?.getTime() ?? 0)) / 3_600_000).toBe(23);
    expect(rangeToUtc({ from: null, to: null }, 'UTC')).toEqual({ start: null, end: null });
    expect(startOfDayUtc('2026-03-01', 'Asia/Kolkata').toISOString()).toBe('2026-02-28T18:30:00.000Z');
  });

  it('re-resolves presets but keeps custom ranges', () => {
    const later = new Date('2026-03-02T00:30:00Z');
    expect(
      resolveRange({ preset: 'today', from: '2026-03-01', to: '2026-03-01', timeZone: 'UTC' }, later),
    ).toMatchObject({
      from: '2026-03-02',
    });
    const custom = { preset: 'custom' as const, from: '2026-01-05', to: '2026-01-09', timeZone: 'UTC' };
    expect(resolveRange(custom, later)).toBe(custom);
  });

  it('validates and formats dates', () => {
    expect(isDateString('2026-02-29')).toBe(false);
    expect(isDateString('2028-02-29')).toBe(true);
    expect(formatRange({ from: '2026-02-23', to: '2026-03-01' })).toBe('Feb 23 – Mar 1, 2026');
    expect(formatRange({ from: '2025-12-30', to: '2026-01-02' })).toBe('Dec 30, 2025 – Jan 2, 2026');
    expect(formatRange({ from: '2026-03-01', to: '2026-03-01' })).toBe('Mar 1, 2026');
    expect(formatRange({ from: null, to: null })).toBe('All time');
  });
});
