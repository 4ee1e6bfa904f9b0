import type { LocalDateTime } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http.ts';
import { offsetMinutes, offsetSegments, resolveRange, zonedToUtc } from './timeRange.ts';

const at = (iso: string) => Date.parse(iso);
const wall = (iso: string) => Date.parse(`${iso}Z`);
const isoRange = (range: { from: number | null; to: number | null }) => ({
  from: range.from === null ? null : new Date(range.from).toISOString(),
  to: range.to === null ? null : new Date(range.to).toISOString(),
});
const local = (changes: Partial<LocalDateTime>): LocalDateTime => ({
  year: 2026,
  month: 3,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
  millisecond: 0,
  offsetMinutes: null,
  dateOnly: true,
  ...changes,
});

// Berlin moves from +01:00 to +02:00 at 2026-03-29 01:00 UTC and back at 2026-10-25 01:00 UTC.
describe('time zones', () => {
  it('reads the offset in force at an instant', () => {
    expect(offsetMinutes('Europe/Berlin', at('2026-03-29T00:59:59.999Z'))).toBe(60);
    expect(offsetMinutes('Europe/Berlin', at('2026-03-29T01:00:00.000Z'))).toBe(120);
    expect(offsetMinutes('Asia/Kathmandu', at('2026-03-29T01:00:00.000Z'))).toBe(345);
    expect(offsetMinutes('UTC', at('2026-03-29T01:00:00.000Z'))).toBe(0);
  });

  it('finds each offset change within a range, to the millisecond', () => {
    expect(offsetSegments('Europe/Berlin', at('2026-03-27T10:00:00Z'), at('2026-03-31T00:00:00Z'))).toEqual([
      { from: at('2026-03-27T10:00:00Z'), offset: 60 },
      { from: at('2026-03-29T01:00:00Z'), offset: 120 },
    ]);
    const year = offsetSegments('Europe/Berlin', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'));
    expect(year.map((segment) => [new Date(segment.from).toISOString(), segment.offset])).toEqual([
      ['2026-01-01T00:00:00.000Z', 60],
      ['2026-03-29T01:00:00.000Z', 120],
      ['2026-10-25T01:00:00.000Z', 60],
    ]);
    expect(offsetSegments('UTC', at('2026-01-01T00:00:00Z'), at('2027-01-01T00:00:00Z'))).toHaveLength(1);
  });

  it('turns wall-clock times into instants, across both changes', () => {
    expect(zonedToUtc('Europe/Berlin', wall('2026-03-29T00:00:00'))).toBe(at('2026-03-28T23:00:00Z'));
    expect(zonedToUtc('Europe/Berlin', wall('2026-03-30T00:00:00'))).toBe(at('2026-03-29T22:00:00Z'));
    // 02:30 does not exist that night: it reads as 30 minutes after the change.
    expect(zonedToUtc('Europe/Berlin', wall('2026-03-29T02:30:00'))).toBe(at('2026-03-29T01:30:00Z'));
    // 02:30 happens twice in October: the first one.
    expect(zonedToUtc('Europe/Berlin', wall('2026-10-25T02:30:00'))).toBe(at('2026-10-25T00:30:00Z'));
    expect(zonedToUtc('Asia/Kathmandu', wall('2026-03-29T00:00:00'))).toBe(at('2026-03-28T18:15:00Z'));
  });
});

describe('report ranges', () => {
  const now = at('2026-03-29T12:00:00Z');
  const preset = (name: Parameters<typeof resolveRange>[0]['preset'], zone = 'Europe/Berlin') =>
    isoRange(resolveRange({ preset: name, from: null, to: null }, zone, now));

  it('reads presets as local days in the zone', () => {
    expect(preset('today')).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
    expect(preset('yesterday')).toEqual({ from: '2026-03-27T23:00:00.000Z', to: '2026-03-28T23:00:00.000Z' });
    expect(preset('last_7_days')).toEqual({
      from: '2026-03-22T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
    expect(preset('last_30_days').from).toBe('2026-02-27T23:00:00.000Z');
    expect(preset('this_month')).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
    expect(preset('last_month')).toEqual({
      from: '2026-01-31T23:00:00.000Z',
      to: '2026-02-28T23:00:00.000Z',
    });
    expect(preset('all_time')).toEqual({ from: null, to: null });
    expect(preset('today', 'UTC')).toEqual({
      from: '2026-03-29T00:00:00.000Z',
      to: '2026-03-30T00:00:00.000Z',
    });
  });

  it('reads custom from/to in the zone; a date-only to takes its whole day', () => {
    const custom = (from: LocalDateTime, to: LocalDateTime | null) =>
      isoRange(resolveRange({ preset: 'custom', from, to }, 'Europe/Berlin', now));
    expect(custom(local({ day: 28 }), local({ day: 29 }))).toEqual({
      from: '2026-03-27T23:00:00.000Z',
      to: '2026-03-29T22:00:00.000Z',
    });
    expect(
      custom(local({ day: 29, hour: 1, dateOnly: false }), local({ day: 29, hour: 4, dateOnly: false })),
    ).toEqual({ from: '2026-03-29T00:00:00.000Z', to: '2026-03-29T02:00:00.000Z' });
    expect(custom(local({ day: 29, hour: 6, dateOnly: false, offsetMinutes: 0 }), null)).toEqual({
      from: '2026-03-29T06:00:00.000Z',
      to: null,
    });
  });

  it('refuses a custom range that ends before it starts, naming to', () => {
    const backwards = () =>
      resolveRange({ preset: 'custom', from: local({ day: 5 }), to: local({ day: 3 }) }, 'UTC', now);
    expect(backwards).toThrow(HttpError);
    try {
      backwards();
    } catch (error) {
      expect((error as HttpError).status).toBe(400);
      expect(JSON.stringify((error as HttpError).body)).toContain('"field":"to"');
    }
  });
});
