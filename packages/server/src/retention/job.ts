import type { ClearRequest, ClearSummary, MonitorResponse } from '@cairn/contract';
import type { Logger } from 'pino';
import { type ScheduledJob, scheduleJob, withJobLock } from '../cluster/jobs.ts';
import { oldestEventIn } from '../reports/logs/oldestEvent.ts';
import {
  type RetentionStatus,
  readRetentionSettings,
  readRetentionStatus,
  saveRetentionStatus,
} from '../settings/retention.ts';
import { readStatsSettings } from '../settings/stats.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { ClearCounts, ClearScope, EventStore } from '../store/events/port.ts';
import { manualScope, monthlySteps, retentionPlan, startOfDay } from './plan.ts';

// The auto-clearing job: every node schedules it hourly and whichever claims the job lock runs it (a
// manual clear takes the same lock, so two clears never overlap). Its state is kept in the config
// store for the monitor of any node.

export const RETENTION_JOB = 'retention';
const HOUR = 60 * 60 * 1000;
/** A run marked running for longer than this died with its node. */
const STUCK_MS = 6 * HOUR;
/**
 * How long a cleared click is still found for a conversion: networks approve within weeks, at most
 * months, and what is kept of every click for this is most of what clearing saves on disk.
 */
export const LATE_CONVERSION_DAYS = 365;

export interface RetentionDeps {
  store: ConfigStore;
  events: EventStore;
  now: () => number;
}

const zero = (): ClearCounts => ({ events: 0, clicks: 0 });

/** Clears a scope month by month (see monthlySteps). */
export async function clearInSteps(events: EventStore, scope: ClearScope): Promise<ClearCounts> {
  const total = zero();
  // ClickHouse compares whole seconds above: an event in the cutoff's last second is found by the
  // final step, which is the cutoff itself.
  const oldest = (await oldestEventIn(events, scope)) ?? scope.before;
  for (const end of monthlySteps(oldest, scope.before)) {
    const counts = await events.clearBefore({ ...scope, before: end });
    total.events += counts.events;
    total.clicks += counts.clicks;
  }
  return total;
}

async function recorded(
  deps: RetentionDeps,
  trigger: RetentionStatus['trigger'],
  work: () => Promise<ClearCounts>,
): Promise<ClearCounts> {
  const startedAt = deps.now();
  const base = { trigger, startedAt, events: 0, clicks: 0 };
  await saveRetentionStatus(deps.store, { ...base, state: 'running', finishedAt: null, message: '' });
  try {
    const counts = await work();
    await saveRetentionStatus(deps.store, {
      ...base,
      ...counts,
      state: 'ok',
      finishedAt: deps.now(),
      message: '',
    });
    return counts;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await saveRetentionStatus(deps.store, { ...base, state: 'failing', finishedAt: deps.now(), message });
    throw error;
  }
}

/**
 * One run of the job (under its lock): what the settings say is old enough, and cleared clicks too old
 * for a late conversion (also those of manual clears while the job is off). Null when turned off.
 */
export async function runRetention(deps: RetentionDeps): Promise<ClearCounts | null> {
  await deps.events.forgetClearedClicks(deps.now() - LATE_CONVERSION_DAYS * 24 * HOUR);
  const settings = await readRetentionSettings(deps.store);
  if (!settings.enabled) return null;
  const { timezone } = await readStatsSettings(deps.store);
  return recorded(deps, 'job', async () => {
    const total = zero();
    for (const scope of retentionPlan(settings, timezone, deps.now())) {
      const counts = await clearInSteps(deps.events, scope);
      total.events += counts.events;
      total.clicks += counts.clicks;
    }
    return total;
  });
}

export function startRetentionJob(deps: RetentionDeps, logger: Pick<Logger, 'error'>): ScheduledJob {
  return scheduleJob(
    deps.store,
    RETENTION_JOB,
    HOUR,
    async () => {
      await runRetention(deps);
    },
    (error) => logger.error({ err: error }, 'auto-clearing failed'),
  );
}

/** A manual clear's scope and the words the panel shows for it. */
export async function describeClear(
  deps: RetentionDeps,
  request: ClearRequest,
): Promise<{ scope: ClearScope; summary: ClearSummary }> {
  const [settings, { timezone }] = await Promise.all([
    readRetentionSettings(deps.store),
    readStatsSettings(deps.store),
  ]);
  const scope = manualScope(settings, startOfDay(timezone, request.before), request.campaignIds);
  const summary: ClearSummary = {
    before: new Date(scope.before).toISOString(),
    timezone,
    campaignIds: scope.only === null ? null : [...scope.only],
    keptCampaignIds: [...scope.keep],
    ...zero(),
  };
  return { scope, summary };
}

/** Runs a manual clear under the job's lock; null when a clear is running already. */
export async function clearNow(deps: RetentionDeps, scope: ClearScope): Promise<ClearCounts | null> {
  const run = await withJobLock(deps.store, RETENTION_JOB, () =>
    recorded(deps, 'manual', () => clearInSteps(deps.events, scope)),
  );
  return run.ran ? run.value : null;
}

type BackgroundItem = MonitorResponse['background'][number];

const at = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/** The job's line in the monitor's background work. */
export async function retentionMonitorItem(store: ConfigStore, now: number): Promise<BackgroundItem> {
  const [settings, status] = await Promise.all([readRetentionSettings(store), readRetentionStatus(store)]);
  const name = 'Auto-clearing';
  const policy = settings.enabled
    ? `keeps ${settings.keepDays} days of raw clicks, ${settings.exceptions.length} campaign exceptions`
    : 'off: raw clicks are kept';
  if (!status) return { name, state: 'idle', detail: `Never ran; ${policy}` };
  const cleared = `${status.events} events (${status.clicks} clicks) cleared`;
  switch (status.state) {
    case 'running':
      return now - status.startedAt > STUCK_MS
        ? { name, state: 'failing', detail: `The run started ${at(status.startedAt)} UTC never finished` }
        : { name, state: 'busy', detail: `Clearing since ${at(status.startedAt)} UTC (${status.trigger})` };
    case 'failing':
      return {
        name,
        state: 'failing',
        detail: `Last run ${at(status.startedAt)} UTC failed: ${status.message}`,
      };
    default:
      return {
        name,
        state: settings.enabled ? 'ok' : 'idle',
        detail: `Last run ${at(status.startedAt)} UTC (${status.trigger}): ${cleared}; ${policy}`,
      };
  }
}
