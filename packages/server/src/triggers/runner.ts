import {
  NOTIFY_ACTIONS,
  type ReportMetric,
  type ReportMetrics,
  type TriggerBacktest,
  type TriggerRun,
} from '@cairn/contract';
import { withJobLock } from '../cluster/jobs.ts';
import type { ReportService } from '../reports/service.ts';
import { resolveRange } from '../reports/timeRange.ts';
import { readStatsSettings } from '../settings/stats.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { type ActionDeps, act } from './actions.ts';
import { backtestChecks, type CheckResult, check, isDue, previousWindow, windowAt } from './evaluate.ts';
import { type NotifyDeps, notify, plain } from './notify.ts';
import { readScopeRows } from './reader.ts';
import { parseStoredAction, type TriggerRecord, type TriggerStore } from './store.ts';

// Runs triggers: a check reads the scope's report over the window (and the window before when a
// condition compares with it), decides with evaluate.ts, then acts and notifies unless it is a dry run,
// and records the run. Checks run under one job lock, so across nodes a trigger is checked by one node
// at a time, and the due test is made inside the lock against the stored last check.

export const TRIGGERS_JOB = 'triggers';
/** A backtest checks at most this often over its period (a 30-day backtest of a 1-minute trigger). */
export const BACKTEST_CHECKS_MAX = 1000;

export interface RunnerDeps {
  store: ConfigStore;
  triggers: TriggerStore;
  reports: ReportService;
  actions: ActionDeps;
  notify: NotifyDeps;
}

const conditionText = (trigger: TriggerRecord) =>
  trigger.rule.conditions.items
    .map(
      (item) =>
        `${item.metric} ${item.operator === 'drop' ? 'drops by' : item.operator} ${item.value}${item.operator === 'drop' ? '%' : ''}`,
    )
    .join(trigger.rule.conditions.combine === 'and' ? ' AND ' : ' OR ');

/** The metrics a message lists: clicks, and those the conditions name. */
const listedMetrics = (trigger: TriggerRecord): ReportMetric[] => [
  ...new Set<ReportMetric>(['clicks', ...trigger.rule.conditions.items.map((item) => item.metric)]),
];

export class TriggerRunner {
  private readonly deps: RunnerDeps;

  constructor(deps: RunnerDeps) {
    this.deps = deps;
  }

  private async zone(): Promise<string> {
    return (await readStatsSettings(this.deps.store)).timezone;
  }

  /** What a check of the trigger at `now` finds, with `lastFired` as the cool-downs. */
  async evaluate(
    trigger: TriggerRecord,
    now: number,
    lastFired: ReadonlyMap<string, number>,
    timezone: string,
  ): Promise<CheckResult> {
    const midnight = (at: number) =>
      resolveRange({ preset: 'today', from: null, to: null }, timezone, at).from as number;
    const window = windowAt(trigger.rule.window, now, midnight);
    const rows = await readScopeRows(this.deps.reports, trigger.rule.scope, window, timezone);
    const previous = new Map<string, ReportMetrics>();
    if (trigger.rule.conditions.items.some((item) => item.operator === 'drop')) {
      const before = await readScopeRows(
        this.deps.reports,
        trigger.rule.scope,
        previousWindow(window),
        timezone,
      );
      for (const row of before) previous.set(row.key, row.metrics);
    }
    return check(trigger.rule, now, rows, previous, lastFired);
  }

  /** One live check: acts and notifies unless a dry run, and records the run. */
  async run(trigger: TriggerRecord, now: number): Promise<TriggerRun> {
    const errors: string[] = [];
    let result: CheckResult = { firings: [], checked: 0, skippedMinimum: 0, skippedCooldown: 0 };
    let channelError: string | null | undefined;
    try {
      result = await this.evaluate(
        trigger,
        now,
        await this.deps.triggers.lastFired(trigger.id),
        await this.zone(),
      );
    } catch (error) {
      errors.push(`Reading the report failed: ${(error as Error).message}`);
    }
    if (result.firings.length > 0 && !trigger.dryRun) {
      const channelErrors: string[] = [];
      for (const [index, stored] of trigger.actions.entries()) {
        const action = parseStoredAction(stored);
        const label = `Action ${index + 1} (${stored.type})`;
        if (!action) {
          errors.push(`${label}: not valid any more, edit the trigger`);
          continue;
        }
        try {
          if (NOTIFY_ACTIONS.includes(action.type)) {
            channelError = null;
            await notify(
              this.deps.notify,
              action,
              {
                trigger: { id: trigger.id, name: trigger.name },
                dryRun: false,
                at: new Date(now).toISOString(),
                firings: result.firings,
                conditions: conditionText(trigger),
              },
              listedMetrics(trigger),
            );
          } else await act(this.deps.actions, trigger, action, result.firings);
        } catch (error) {
          const message = `${label}: ${plain((error as Error).message ?? String(error))}`;
          errors.push(message);
          if (NOTIFY_ACTIONS.includes(action.type)) channelErrors.push(message);
        }
      }
      if (channelErrors.length > 0) channelError = channelErrors.join('; ');
    }
    const run: Omit<TriggerRun, 'id' | 'at'> = {
      outcome: errors.length > 0 ? 'failed' : result.firings.length > 0 ? 'fired' : 'quiet',
      dryRun: trigger.dryRun,
      checked: result.checked,
      skippedMinimum: result.skippedMinimum,
      skippedCooldown: result.skippedCooldown,
      firings: result.firings,
      errors,
    };
    const id = await this.deps.triggers.recordRun(trigger, now, run, channelError);
    return { id, at: new Date(now).toISOString(), ...run };
  }

  /** The scheduled job's work: every enabled trigger that is due, checked under the job lock. */
  async runDue(now: () => number): Promise<number> {
    const locked = await withJobLock(this.deps.store, TRIGGERS_JOB, async () => {
      let ran = 0;
      for (const trigger of await this.deps.triggers.list()) {
        if (!trigger.enabled || !isDue(trigger.lastCheckedAt, trigger.rule.checkEveryMinutes, now()))
          continue;
        await this.run(trigger, now());
        ran += 1;
      }
      return ran;
    });
    return locked.ran ? locked.value : 0;
  }

  /** One check now, under the job lock; null when checks are running already. */
  async runNow(id: number, now: () => number): Promise<TriggerRun | null | 'missing'> {
    const locked = await withJobLock(this.deps.store, TRIGGERS_JOB, async () => {
      const trigger = await this.deps.triggers.find(id);
      return trigger ? this.run(trigger, now()) : ('missing' as const);
    });
    return locked.ran ? locked.value : null;
  }

  /** What the trigger would have fired over the last `days`, with cool-downs from an empty start. */
  async backtest(trigger: TriggerRecord, days: number, now: number): Promise<TriggerBacktest> {
    const timezone = await this.zone();
    const { stepMinutes, at } = backtestChecks(
      now,
      days,
      trigger.rule.checkEveryMinutes,
      BACKTEST_CHECKS_MAX,
    );
    const lastFired = new Map<string, number>();
    const firings: TriggerBacktest['firings'] = [];
    for (const time of at) {
      const result = await this.evaluate(trigger, time, lastFired, timezone);
      for (const firing of result.firings) {
        lastFired.set(firing.key, time);
        firings.push(firing);
      }
    }
    return {
      from: new Date(at[0] ?? now).toISOString(),
      to: new Date(now).toISOString(),
      stepMinutes,
      checks: at.length,
      firings,
    };
  }
}
