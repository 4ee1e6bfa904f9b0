import type { LocalDateTime, ReportRange } from '@cairn/contract';
import { validationError } from '../http.ts';

// Time zones in JavaScript (Intl), never in the store: a report range becomes two UTC instants, and the
// zone's offsets over that range become a short list of (from instant, offset) segments the SQL turns
// into a CASE. Events are stored as UTC wall time, so local time = ts + the offset in force at ts.

const MINUTE = 60_000;
const DAY = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock reading in `timeZone` at the UTC instant `ms`. */
export function localParts(timeZone: string, ms: number): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Minutes east of UTC in force at `ms` (whole minutes: the seconds of old local mean times are dropped). */
export function offsetMinutes(timeZone: string, ms: number): number {
  const local = localParts(timeZone, ms);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / MINUTE);
}

/**
 * The UTC instant of a wall-clock time in `timeZone`. A time skipped by a DST change reads as the same
 * distance after the change; a time that happens twice takes its first occurrence.
 */
export function zonedToUtc(timeZone: string, wall: number): number {
  const before = wall - offsetMinutes(timeZone, wall - DAY) * MINUTE;
  const after = wall - offsetMinutes(timeZone, wall + DAY) * MINUTE;
  const reads = (instant: number) => instant + offsetMinutes(timeZone, instant) * MINUTE === wall;
  const candidates = [before, after].filter(reads);
  return candidates.length > 0 ? Math.min(...candidates) : before;
}

/** Midnight of the local day `days` after the local day holding `ms`. */
export function localMidnight(timeZone: string, ms: number, days = 0): number {
  const local = localParts(timeZone, ms);
  return zonedToUtc(timeZone, Date.UTC(local.year, local.month - 1, local.day + days));
}

function monthStart(timeZone: string, ms: number, months = 0): number {
  const local = localParts(timeZone, ms);
  return zonedToUtc(timeZone, Date.UTC(local.year, local.month - 1 + months, 1));
}

function instantOf(timeZone: string, time: LocalDateTime, endOfDay: boolean): number {
  const wall = Date.UTC(
    time.year,
    time.month - 1,
    time.day + (endOfDay && time.dateOnly ? 1 : 0),
    time.hour,
    time.minute,
    time.second,
    time.millisecond,
  );
  return time.offsetMinutes === null ? zonedToUtc(timeZone, wall) : wall - time.offsetMinutes * MINUTE;
}

/** UTC instants; from inclusive, to exclusive, null where the range is open. */
export interface UtcRange {
  from: number | null;
  to: number | null;
}

/** The preset (or custom from/to, a date-only `to` taking its whole day) as UTC instants. */
export function resolveRange(range: ReportRange, timeZone: string, now: number): UtcRange {
  const today = localMidnight(timeZone, now);
  const tomorrow = localMidnight(timeZone, now, 1);
  switch (range.preset) {
    case 'today':
      return { from: today, to: tomorrow };
    case 'yesterday':
      return { from: localMidnight(timeZone, now, -1), to: today };
    case 'last_7_days':
      return { from: localMidnight(timeZone, now, -6), to: tomorrow };
    case 'last_30_days':
      return { from: localMidnight(timeZone, now, -29), to: tomorrow };
    case 'this_month':
      return { from: monthStart(timeZone, now), to: tomorrow };
    case 'last_month':
      return { from: monthStart(timeZone, now, -1), to: monthStart(timeZone, now) };
    case 'all_time':
      return { from: null, to: null };
    case 'custom': {
      const from = range.from ? instantOf(timeZone, range.from, false) : null;
      const to = range.to ? instantOf(timeZone, range.to, true) : null;
      if (from !== null && to !== null && to <= from) {
        throw validationError([{ message: 'to must come after from', detail: { field: 'to' } }]);
      }
      return { from, to };
    }
  }
}

/** From `from` on (UTC ms), local time is ts + offset minutes. */
export interface OffsetSegment {
  from: number;
  offset: number;
}

/**
 * The zone's offsets over [from, to): the first segment holds from `from`, each next one starts at a
 * change. Offsets are probed a day apart and each change is narrowed down to the millisecond; zones change
 * offset at most a few times a year, so a day never hides two changes.
 */
export function offsetSegments(timeZone: string, from: number, to: number): OffsetSegment[] {
  const segments: OffsetSegment[] = [{ from, offset: offsetMinutes(timeZone, from) }];
  let previous = from;
  while (previous < to) {
    const next = Math.min(previous + DAY, to);
    const current = (segments[segments.length - 1] as OffsetSegment).offset;
    const offset = offsetMinutes(timeZone, next);
    if (offset !== current) {
      let low = previous;
      let high = next;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (offsetMinutes(timeZone, middle) === current) low = middle;
        else high = middle;
      }
      segments.push({ from: high, offset });
    }
    previous = next;
  }
  return segments;
}
