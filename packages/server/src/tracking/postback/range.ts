import type { ConversionDatePreset } from '@cairn/contract';

// Date presets in the viewer's time zone, as UTC milliseconds [from, to). Local midnights are found by
// asking Intl for the zone's offset, twice, so a day that starts on a DST change still starts right.

export interface TimeRange {
  from: number;
  to: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timezone, format);
  }
  return format;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsIn(timezone: string, ms: number): LocalParts {
  const parts: Record<string, number> = {};
  for (const part of formatter(timezone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetAt(timezone: string, ms: number): number {
  const p = partsIn(timezone, ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant of a local wall time in `timezone` (months may overflow: Date.UTC normalises). */
export function zonedTime(
  timezone: string,
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const first = wall - offsetAt(timezone, wall);
  return wall - offsetAt(timezone, first);
}

function parseLocal(text: string): [number, number, number, number, number, number, boolean] {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!match) throw new RangeError(`Not a local date: ${text}`);
  const [, y, mo, d, h, mi, s] = match;
  return [Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), h !== undefined];
}

export function rangeOf(
  preset: ConversionDatePreset,
  timezone: string,
  now: number,
  from?: string,
  to?: string,
): TimeRange {
  const today = partsIn(timezone, now);
  const midnight = (daysBack: number) => zonedTime(timezone, today.year, today.month, today.day - daysBack);
  const tomorrow = midnight(-1);
  switch (preset) {
    case 'today':
      return { from: midnight(0), to: tomorrow };
    case 'yesterday':
      return { from: midnight(1), to: midnight(0) };
    case 'last_7_days':
      return { from: midnight(6), to: tomorrow };
    case 'last_30_days':
      return { from: midnight(29), to: tomorrow };
    case 'this_month':
      return { from: zonedTime(timezone, today.year, today.month, 1), to: tomorrow };
    case 'last_month':
      return {
        from: zonedTime(timezone, today.year, today.month - 1, 1),
        to: zonedTime(timezone, today.year, today.month, 1),
      };
    case 'all_time':
      return { from: 0, to: now + 366 * DAY_MS };
    case 'custom': {
      const [fy, fm, fd, fh, fmi, fs] = parseLocal(from ?? '');
      const [ty, tm, td, th, tmi, ts, toHasTime] = parseLocal(to ?? '');
      return {
        from: zonedTime(timezone, fy, fm, fd, fh, fmi, fs),
        // A date alone takes in its whole day; a time takes in its whole minute (or second).
        to: toHasTime
          ? zonedTime(timezone, ty, tm, td, th, tmi, ts) + (ts ? 1000 : 60_000)
          : zonedTime(timezone, ty, tm, td + 1),
      };
    }
  }
}
