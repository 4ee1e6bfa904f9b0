import type {
  ReportMetrics,
  TriggerCondition,
  TriggerDimension,
  TriggerFiring,
  TriggerInput,
  TriggerWindow,
} from '@cairn/contract';

// The decision of a trigger, apart from where the numbers come from: the window a check reads, whether a
// row's numbers meet the conditions, and which rows fire given the minimum of data and the cool-downs.
// Live runs and backtests both decide here, so a backtest fires where a live run over the same period
// would have.

const MINUTE = 60_000;

export interface Window {
  from: number;
  to: number;
}

/** The trigger's rule, without its name, state and actions. */
export type TriggerRule = Pick<
  TriggerInput,
  'scope' | 'window' | 'conditions' | 'minClicks' | 'checkEveryMinutes' | 'cooldownMinutes'
>;

/**
 * The window a check at `now` reads: the last N units up to now, or today from midnight in the zone.
 * `midnight` gives the start of the local day that holds an instant.
 */
export function windowAt(window: TriggerWindow, now: number, midnight: (at: number) => number): Window {
  const unit = { minutes: MINUTE, hours: 60 * MINUTE, days: 1440 * MINUTE, today: 0 }[window.unit];
  if (window.unit === 'today') return { from: midnight(now), to: now };
  return { from: now - window.amount * unit, to: now };
}

/** The window of the same length just before, which drops compare with. */
export function previousWindow(window: Window): Window {
  return { from: window.from - (window.to - window.from), to: window.from };
}

/**
 * Whether one condition holds. Thresholds are compared on the metric as reports show it (ratios in percent
 * rounded to two decimals), so a row that reads "roi -40.00" does not pass `roi < -40`. A drop needs a
 * previous value above 0: a metric that had nothing before has not dropped.
 */
export function conditionHolds(
  condition: TriggerCondition,
  metrics: ReportMetrics,
  previous: ReportMetrics | undefined,
): boolean {
  const value = shown(metrics[condition.metric]);
  switch (condition.operator) {
    case '>':
      return value > condition.value;
    case '>=':
      return value >= condition.value;
    case '<':
      return value < condition.value;
    case '<=':
      return value <= condition.value;
    case '=':
      return value === condition.value;
    case 'drop': {
      const before = previous ? shown(previous[condition.metric]) : 0;
      if (before <= 0) return false;
      return shown(((before - value) / before) * 100) >= condition.value;
    }
  }
}

const shown = (value: number) => Math.round(value * 100) / 100;

export function conditionsHold(
  rule: Pick<TriggerRule, 'conditions'>,
  metrics: ReportMetrics,
  previous: ReportMetrics | undefined,
): boolean {
  const results = rule.conditions.items.map((condition) => conditionHolds(condition, metrics, previous));
  return rule.conditions.combine === 'and' ? results.every(Boolean) : results.some(Boolean);
}

/** One row of the scope's report at a check. */
export interface ScopeRow {
  /** Unique within the trigger: the value, or source and value for token rows. */
  key: string;
  dimension: TriggerDimension;
  value: string | number;
  name: string;
  trafficSourceId?: number;
  metrics: ReportMetrics;
}

export interface CheckResult {
  firings: TriggerFiring[];
  checked: number;
  skippedMinimum: number;
  skippedCooldown: number;
}

/**
 * Which rows fire at `now`: those with at least the minimum clicks whose numbers meet the conditions and
 * that did not fire within the cool-down (`lastFired` holds each row's last firing).
 */
export function check(
  rule: TriggerRule,
  now: number,
  rows: readonly ScopeRow[],
  previousRows: ReadonlyMap<string, ReportMetrics>,
  lastFired: ReadonlyMap<string, number>,
): CheckResult {
  const result: CheckResult = { firings: [], checked: rows.length, skippedMinimum: 0, skippedCooldown: 0 };
  const needsPrevious = rule.conditions.items.some((item) => item.operator === 'drop');
  for (const row of rows) {
    if (row.metrics.clicks < rule.minClicks) {
      result.skippedMinimum += 1;
      continue;
    }
    const previous = needsPrevious ? previousRows.get(row.key) : undefined;
    if (!conditionsHold(rule, row.metrics, previous)) continue;
    const last = lastFired.get(row.key);
    if (last !== undefined && now - last < rule.cooldownMinutes * MINUTE) {
      result.skippedCooldown += 1;
      continue;
    }
    result.firings.push({
      at: new Date(now).toISOString(),
      key: row.key,
      dimension: row.dimension,
      value: row.value,
      name: row.name,
      ...(row.trafficSourceId === undefined ? {} : { trafficSourceId: row.trafficSourceId }),
      metrics: row.metrics,
      ...(previous ? { previous } : {}),
    });
  }
  return result;
}

/** Whether a trigger checked last at `lastChecked` is due at `now`. */
export function isDue(lastChecked: number | null, checkEveryMinutes: number, now: number): boolean {
  return lastChecked === null || now - lastChecked >= checkEveryMinutes * MINUTE;
}

/**
 * The instants a backtest checks at, oldest first: back from `now` at the trigger's interval over
 * `days`, widened so there are at most `maxChecks` of them.
 */
export function backtestChecks(
  now: number,
  days: number,
  checkEveryMinutes: number,
  maxChecks: number,
): { stepMinutes: number; at: number[] } {
  const span = days * 1440;
  const stepMinutes = Math.max(checkEveryMinutes, Math.ceil(span / maxChecks));
  const at: number[] = [];
  for (let time = now; time > now - span * MINUTE; time -= stepMinutes * MINUTE) at.unshift(time);
  return { stepMinutes, at };
}
