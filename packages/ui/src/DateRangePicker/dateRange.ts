// Date math for report ranges, done on calendar dates ('YYYY-MM-DD') in the viewer's time zone:
// "today" in Auckland is not "today" in Los Angeles, and a day is not always 24 hours (DST).

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'last7',
  'last14',
  'last30',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'allTime',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7: 'Last 7 days',
  last14: 'Last 14 days',
  last30: 'Last 30 days',
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisYear: 'This year',
  allTime: 'All time',
  custom: 'Custom',
};

/** Inclusive calendar-date range; `null` ends are open (all time). */
export interface DateRange {
  from: string | null;
  to: string | null;
}

export interface DateRangeValue extends DateRange {
  preset: DatePreset;
  timeZone: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDateString(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parse(date: string): Date {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

const iso = (date: Date) => date.toISOString().slice(0, 10);

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date it is at `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(date: string, days: number): string {
  const d = parse(date);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

export function startOfMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function endOfMonth(date: string): string {
  const d = parse(startOfMonth(date));
  d.setUTCMonth(d.getUTCMonth() + 1);
  d.setUTCDate(0);
  return iso(d);
}

/** The range a preset stands for at `now` in `timeZone`. `custom` has no range of its own. */
export function presetRange(preset: Exclude<DatePreset, 'custom'>, now: Date, timeZone: string): DateRange {
  const today = todayIn(timeZone, now);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last14':
      return { from: addDays(today, -13), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: startOfMonth(today), to: today };
    case 'lastMonth': {
      const lastMonthDay = addDays(startOfMonth(today), -1);
      return { from: startOfMonth(lastMonthDay), to: lastMonthDay };
    }
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'allTime':
      return { from: null, to: null };
  }
}

/** Offset of `timeZone` from UTC at `instant`, in ms (wall clock minus UTC). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant at which `date` begins in `timeZone`. */
export function startOfDayUtc(date: string, timeZone: string): Date {
  const wallMidnight = parse(date).getTime();
  let guess = wallMidnight - zoneOffset(wallMidnight, timeZone);
  // Once more at the guess: the offset may differ there when DST changes that night.
  guess = wallMidnight - zoneOffset(guess, timeZone);
  return new Date(guess);
}

/**
 * The half-open UTC interval [start, end) a range covers in `timeZone`, for querying events stored in
 * UTC (DESIGN.md: events in UTC, reports in the viewer's zone). Open ends stay null.
 */
export function rangeToUtc(range: DateRange, timeZone: string): { start: Date | null; end: Date | null } {
  return {
    start: range.from ? startOfDayUtc(range.from, timeZone) : null,
    end: range.to ? startOfDayUtc(addDays(range.to, 1), timeZone) : null,
  };
}

/** Re-evaluates a preset (e.g. after midnight or a time-zone change); custom ranges are kept. */
export function resolveRange(value: DateRangeValue, now: Date): DateRangeValue {
  if (value.preset === 'custom') return value;
  return { ...value, ...presetRange(value.preset, now, value.timeZone) };
}

/** "Nov 16 – Nov 22, 2026", "Nov 22, 2026", or "All time". */
export function formatRange(range: DateRange, locale = 'en-US'): string {
  if (!range.from && !range.to) return 'All time';
  const format = (date: string, withYear: boolean) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      month: 'short',
      day: 'numeric',
      ...(withYear ? { year: 'numeric' } : {}),
    }).format(parse(date));
  if (range.from && range.to) {
    if (range.from === range.to) return format(range.from, true);
    const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
    return `${format(range.from, !sameYear)} – ${format(range.to, true)}`;
  }
  return range.from ? `Since ${format(range.from, true)}` : `Until ${format(range.to as string, true)}`;
}
