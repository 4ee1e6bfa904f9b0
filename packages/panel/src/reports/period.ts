import type { DatePreset as ApiPreset } from '@cairn/contract';
import {
  addDays,
  DATE_PRESETS,
  type DatePreset,
  type DateRangeValue,
  isValidTimeZone,
  presetRange,
  resolveRange,
} from '@cairn/ui';
import { z } from 'zod';
import { queryString, type RouteQuery } from '../routes/query.ts';
import { readJson, writeJson } from '../stores/storage.ts';

// The period of a report: the date-range picker's value (a preset or dates, and the zone they are
// counted in), as the API's preset/from/to/timezone, in the address, and remembered per page.

const API_PRESETS: Partial<Record<DatePreset, ApiPreset>> = {
  today: 'today',
  yesterday: 'yesterday',
  last7: 'last_7_days',
  last30: 'last_30_days',
  thisMonth: 'this_month',
  lastMonth: 'last_month',
  allTime: 'all_time',
};

/** The API's range parameters: its own preset where there is one (the server counts it), else the dates. */
export function periodParams(period: DateRangeValue): Record<string, string> {
  const preset = API_PRESETS[period.preset];
  if (preset) return { preset, timezone: period.timeZone };
  const params: Record<string, string> = { preset: 'custom', timezone: period.timeZone };
  if (period.from) params.from = period.from;
  if (period.to) params.to = period.to;
  return params;
}

export function periodOf(
  preset: Exclude<DatePreset, 'custom'>,
  timeZone: string,
  now = new Date(),
): DateRangeValue {
  return { preset, timeZone, ...presetRange(preset, now, timeZone) };
}

/** Number of days a period spans, or null when it is open (all time). */
export function periodDays(period: DateRangeValue): number | null {
  if (!period.from || !period.to) return null;
  return Math.round((Date.parse(period.to) - Date.parse(period.from)) / 86_400_000) + 1;
}

/** The same number of days just before: what trends compare with. Null for an open period. */
export function previousPeriod(period: DateRangeValue): DateRangeValue | null {
  const days = periodDays(period);
  if (days === null || !period.from) return null;
  return {
    preset: 'custom',
    timeZone: period.timeZone,
    from: addDays(period.from, -days),
    to: addDays(period.from, -1),
  };
}

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const periodSchema = z.object({
  preset: z.enum(DATE_PRESETS),
  from: dateSchema.nullable(),
  to: dateSchema.nullable(),
  timeZone: z.string().refine(isValidTimeZone),
});

/** A period from the address (`period=last7&tz=Europe/Berlin`, `period=custom&from=..&to=..`), else the fallback. */
export function periodFromQuery(
  query: RouteQuery,
  fallback: DateRangeValue,
  now = new Date(),
): DateRangeValue {
  const preset = queryString(query, 'period');
  const zone = queryString(query, 'tz');
  const timeZone = zone && isValidTimeZone(zone) ? zone : fallback.timeZone;
  if (!preset || !(DATE_PRESETS as readonly string[]).includes(preset)) {
    return timeZone === fallback.timeZone ? fallback : resolveRange({ ...fallback, timeZone }, now);
  }
  if (preset === 'custom') {
    const parsed = periodSchema.safeParse({
      preset,
      from: queryString(query, 'from') ?? null,
      to: queryString(query, 'to') ?? null,
      timeZone,
    });
    return parsed.success && parsed.data.from && parsed.data.to && parsed.data.from <= parsed.data.to
      ? parsed.data
      : fallback;
  }
  return periodOf(preset as Exclude<DatePreset, 'custom'>, timeZone, now);
}

export function queryFromPeriod(period: DateRangeValue): Record<string, string> {
  const query: Record<string, string> = { period: period.preset, tz: period.timeZone };
  if (period.preset === 'custom') {
    if (period.from) query.from = period.from;
    if (period.to) query.to = period.to;
  }
  return query;
}

/** A period remembered under `key`; a preset is worked out again for today. */
export function readStoredPeriod(
  storage: Storage,
  key: string,
  now = new Date(),
): DateRangeValue | undefined {
  const stored = readJson(storage, key, periodSchema);
  return stored ? resolveRange(stored, now) : undefined;
}

export function storePeriod(storage: Storage, key: string, period: DateRangeValue): void {
  writeJson(storage, key, period);
}

// One period everywhere: the last one the viewer chose on a list or a report is where the next list or
// report opens (an address that names its own period, a shared link, still shows that one).
const SHARED_PERIOD_KEY = 'cairn.period';

export function rememberedPeriod(now = new Date()): DateRangeValue | undefined {
  return readStoredPeriod(localStorage, SHARED_PERIOD_KEY, now);
}

export function rememberPeriod(period: DateRangeValue): void {
  storePeriod(localStorage, SHARED_PERIOD_KEY, period);
}
