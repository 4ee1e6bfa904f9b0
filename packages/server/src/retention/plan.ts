import type { RetentionSettings } from '@cairn/contract';
import { localParts, zonedToUtc } from '../reports/timeRange.ts';
import type { ClearScope } from '../store/events/port.ts';

// Which raw events auto-clearing takes, as event-store clear scopes. Days are the tracker's days (its
// stats time zone), like the days of every report: "keep 30 days" keeps today and the 30 days before.

/** The start of the local day `days` before the one holding `now`. */
export function dayStart(timezone: string, now: number, days: number): number {
  const local = localParts(timezone, now);
  return zonedToUtc(timezone, Date.UTC(local.year, local.month - 1, local.day - days));
}

/** The start of a calendar day (YYYY-MM-DD) in the zone. */
export function startOfDay(timezone: string, day: string): number {
  return zonedToUtc(timezone, Date.parse(`${day}T00:00:00Z`));
}

/** The local calendar day holding `now`, as YYYY-MM-DD. */
export function today(timezone: string, now: number): string {
  const local = localParts(timezone, now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.year}-${pad(local.month)}-${pad(local.day)}`;
}

/**
 * What the hourly job clears: every campaign without an exception after `keepDays`, and each group of
 * exceptions sharing a number of days after theirs; an exception without days is never cleared.
 */
export function retentionPlan(settings: RetentionSettings, timezone: string, now: number): ClearScope[] {
  if (!settings.enabled) return [];
  const excepted = settings.exceptions.map((exception) => exception.campaignId);
  const scopes: ClearScope[] = [
    { before: dayStart(timezone, now, settings.keepDays), only: null, keep: excepted },
  ];
  const byDays = new Map<number, number[]>();
  for (const exception of settings.exceptions) {
    if (exception.keepDays === null) continue;
    byDays.set(exception.keepDays, [...(byDays.get(exception.keepDays) ?? []), exception.campaignId]);
  }
  for (const [days, campaignIds] of [...byDays].sort(([a], [b]) => a - b)) {
    scopes.push({ before: dayStart(timezone, now, days), only: campaignIds, keep: [] });
  }
  return scopes;
}

/** A manual clear: the listed campaigns, or with none listed every campaign the exceptions do not name. */
export function manualScope(
  settings: RetentionSettings,
  before: number,
  campaignIds: readonly number[],
): ClearScope {
  if (campaignIds.length > 0) return { before, only: [...new Set(campaignIds)], keep: [] };
  return { before, only: null, keep: settings.exceptions.map((exception) => exception.campaignId) };
}

/**
 * Ends of the steps a clear goes in: month by month from the oldest event it takes, so one step's
 * rollup and delete stay the size of a month (and a ClickHouse partition) whatever was left to clear.
 */
export function monthlySteps(oldest: number, before: number): number[] {
  const steps: number[] = [];
  const start = new Date(oldest);
  let month = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1);
  while (month < before) {
    steps.push(month);
    const date = new Date(month);
    month = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  steps.push(before);
  return steps;
}
