import { REPORT_LIMIT_MAX } from '@cairn/contract';
import { addDays, type DateRangeValue, startOfDayUtc, todayIn } from '@cairn/ui';
import type { ReportRow } from '../reports/api.ts';
import type { Metrics } from '../reports/metrics.ts';

// The time buckets of a trend: every hour or day of the period, with or without traffic, named as the
// report engine names them (`2026-03-29`, `2026-03-29 14:00`) so its rows drop into place, and the
// bucket of the previous period each one is compared with.

export const BUCKETS = ['hour', 'day'] as const;
export type Bucket = (typeof BUCKETS)[number];

/** A bucket's nominal length in seconds: the chart's time axis ticks no closer than one bucket. */
export const BUCKET_SECONDS: Record<Bucket, number> = { hour: 3600, day: 86_400 };

export interface BucketPoint {
  /** The engine's value for the bucket. */
  label: string;
  /** Where it starts, as Unix seconds. */
  x: number;
}

/** The calendar dates a period covers; an open period (all time) takes them from the answer's range. */
export function periodDates(
  period: DateRangeValue,
  range: { from: string | null; to: string | null } | undefined,
): string[] {
  let from = period.from;
  let to = period.to;
  if ((!from || !to) && range?.from && range.to) {
    from = todayIn(period.timeZone, new Date(range.from));
    // `to` is exclusive: the last bucket is the day of the moment before it.
    to = todayIn(period.timeZone, new Date(Date.parse(range.to) - 1));
  }
  if (!from || !to || from > to) return [];
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Hour buckets the engine answers at most in one request. */
export const HOUR_BUCKETS_MAX = REPORT_LIMIT_MAX;

export function bucketsOf(dates: readonly string[], bucket: Bucket, timeZone: string): BucketPoint[] {
  if (bucket === 'day')
    return dates.map((date) => ({ label: date, x: startOfDayUtc(date, timeZone).getTime() / 1000 }));
  return dates.flatMap((date) => {
    const start = startOfDayUtc(date, timeZone).getTime() / 1000;
    return Array.from({ length: 24 }, (_, hour) => ({
      label: `${date} ${String(hour).padStart(2, '0')}:00`,
      x: start + hour * 3600,
    }));
  });
}

/** The same bucket `days` days earlier: `2026-03-29 14:00` -> `2026-03-22 14:00` for a week. */
export function shiftLabel(label: string, days: number): string {
  return `${addDays(label.slice(0, 10), days)}${label.slice(10)}`;
}

export function metricsByLabel(rows: readonly ReportRow[] | undefined): Map<string, Metrics> {
  return new Map((rows ?? []).map((row) => [String(row.value), row.metrics]));
}
