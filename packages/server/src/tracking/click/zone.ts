import { DAYS_OF_WEEK, type DayOfWeek } from '@cairn/contract';

export interface LocalTime {
  dayOfWeek: DayOfWeek;
  hour: number;
  /** Minutes since midnight. */
  minuteOfDay: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, DayOfWeek> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/** Day of week, hour (0-23) and minute of the day of `ms` in an IANA time zone; an unknown zone reads as UTC. */
export function localTimeIn(timezone: string, ms: number): LocalTime {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        weekday: 'short',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: 'UTC',
        weekday: 'short',
        hour: 'numeric',
        minute: 'numeric',
        hourCycle: 'h23',
      });
    }
    formatters.set(timezone, formatter);
  }
  let dayOfWeek: DayOfWeek = DAYS_OF_WEEK[0];
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(ms)) {
    if (part.type === 'weekday') dayOfWeek = WEEKDAYS[part.value] ?? dayOfWeek;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { dayOfWeek, hour, minuteOfDay: hour * 60 + minute };
}
