import type { ReportMetrics } from '@cairn/contract';
import { describe, expect, it } from 'vitest';
import { metricsOf, zeroSums } from '../reports/metrics.ts';
import {
  backtestChecks,
  check,
  conditionHolds,
  isDue,
  previousWindow,
  type ScopeRow,
  type TriggerRule,
  windowAt,
} from './evaluate.ts';

const MINUTE = 60_000;
const NOW = Date.parse('2026-03-04T10:30:00Z');

function metrics(clicks: number, cost: number, revenue: number, leads = 0): ReportMetrics {
  return metricsOf({ ...zeroSums(), clicks, cost, revenue, approved: leads });
}

const row = (key: string, m: ReportMetrics): ScopeRow => ({
  key,
  dimension: 'campaign',
  value: Number(key),
  name: `Campaign ${key}`,
  metrics: m,
});

const rule = (overrides: Partial<TriggerRule> = {}): TriggerRule => ({
  scope: { dimension: 'campaign', filters: {} },
  window: { unit: 'hours', amount: 1 },
  conditions: {
    combine: 'and',
    items: [
      { metric: 'clicks', operator: '>=', value: 300 },
      { metric: 'roi', operator: '<', value: -40 },
    ],
  },
  minClicks: 0,
  checkEveryMinutes: 15,
  cooldownMinutes: 60,
  ...overrides,
});

describe('trigger conditions', () => {
  it('holds at the threshold for >= and not for <, on the value reports show', () => {
    const atThreshold = metrics(300, 1_000_000, 600_000); // roi exactly -40
    expect(conditionHolds({ metric: 'clicks', operator: '>=', value: 300 }, atThreshold, undefined)).toBe(
      true,
    );
    expect(conditionHolds({ metric: 'clicks', operator: '>', value: 300 }, atThreshold, undefined)).toBe(
      false,
    );
    expect(conditionHolds({ metric: 'roi', operator: '<', value: -40 }, atThreshold, undefined)).toBe(false);
    expect(conditionHolds({ metric: 'roi', operator: '<=', value: -40 }, atThreshold, undefined)).toBe(true);
    expect(conditionHolds({ metric: 'clicks', operator: '=', value: 300 }, atThreshold, undefined)).toBe(
      true,
    );
    const below = metrics(299, 1_000_000, 599_000);
    expect(conditionHolds({ metric: 'clicks', operator: '>=', value: 300 }, below, undefined)).toBe(false);
    expect(conditionHolds({ metric: 'roi', operator: '<', value: -40 }, below, undefined)).toBe(true);
  });

  it('combines with AND and OR', () => {
    const losing = metrics(100, 1_000_000, 100_000);
    const and = check(rule(), NOW, [row('1', losing)], new Map(), new Map());
    expect(and.firings).toEqual([]);
    const or = check(
      rule({ conditions: { ...rule().conditions, combine: 'or' } }),
      NOW,
      [row('1', losing)],
      new Map(),
      new Map(),
    );
    expect(or.firings.map((firing) => firing.key)).toEqual(['1']);
  });

  it('finds a drop against the previous window, and none without a previous value', () => {
    const drop = { metric: 'cr', operator: 'drop', value: 50 } as const;
    const before = metrics(100, 0, 0, 10); // cr 10
    expect(conditionHolds(drop, metrics(100, 0, 0, 5), before)).toBe(true); // exactly 50 % lower
    expect(conditionHolds(drop, metrics(100, 0, 0, 6), before)).toBe(false);
    expect(conditionHolds(drop, metrics(100, 0, 0, 0), undefined)).toBe(false);
    expect(conditionHolds(drop, metrics(100, 0, 0, 0), metrics(100, 0, 0, 0))).toBe(false);
  });
});

describe('which rows fire', () => {
  const losing = metrics(400, 1_000_000, 100_000);

  it('skips rows under the minimum of data, counting them', () => {
    const result = check(
      rule({ minClicks: 401 }),
      NOW,
      [row('1', losing), row('2', metrics(500, 1_000_000, 0))],
      new Map(),
      new Map(),
    );
    expect(result).toMatchObject({ checked: 2, skippedMinimum: 1, skippedCooldown: 0 });
    expect(result.firings.map((firing) => firing.key)).toEqual(['2']);
    expect(result.firings[0]).toMatchObject({ at: new Date(NOW).toISOString(), name: 'Campaign 2' });
  });

  it('holds a row back for its cool-down and lets it fire once the cool-down has passed', () => {
    const rows = [row('1', losing)];
    const within = check(rule(), NOW, rows, new Map(), new Map([['1', NOW - 59 * MINUTE]]));
    expect(within).toMatchObject({ firings: [], skippedCooldown: 1 });
    const after = check(rule(), NOW, rows, new Map(), new Map([['1', NOW - 60 * MINUTE]]));
    expect(after.firings).toHaveLength(1);
    const none = check(rule({ cooldownMinutes: 0 }), NOW, rows, new Map(), new Map([['1', NOW]]));
    expect(none.firings).toHaveLength(1);
  });

  it('compares drops row by row with the previous window', () => {
    const dropRule = rule({
      conditions: { combine: 'and', items: [{ metric: 'clicks', operator: 'drop', value: 30 }] },
    });
    const result = check(
      dropRule,
      NOW,
      [row('1', metrics(60, 0, 0)), row('2', metrics(90, 0, 0))],
      new Map([
        ['1', metrics(100, 0, 0)],
        ['2', metrics(100, 0, 0)],
      ]),
      new Map(),
    );
    expect(result.firings.map((firing) => [firing.key, firing.previous?.clicks])).toEqual([['1', 100]]);
  });
});

describe('windows and schedule', () => {
  it('reads the last N units, or today from local midnight', () => {
    expect(windowAt({ unit: 'minutes', amount: 30 }, NOW, () => 0)).toEqual({
      from: NOW - 30 * MINUTE,
      to: NOW,
    });
    expect(windowAt({ unit: 'days', amount: 2 }, NOW, () => 0)).toEqual({
      from: NOW - 2880 * MINUTE,
      to: NOW,
    });
    expect(windowAt({ unit: 'today', amount: 1 }, NOW, () => NOW - 5)).toEqual({ from: NOW - 5, to: NOW });
    expect(previousWindow({ from: 100, to: 160 })).toEqual({ from: 40, to: 100 });
  });

  it('is due once its interval has passed', () => {
    expect(isDue(null, 15, NOW)).toBe(true);
    expect(isDue(NOW - 14 * MINUTE, 15, NOW)).toBe(false);
    expect(isDue(NOW - 15 * MINUTE, 15, NOW)).toBe(true);
  });

  it('backtests at the interval back from now, widening over long periods', () => {
    const day = backtestChecks(NOW, 1, 60, 1000);
    expect(day.stepMinutes).toBe(60);
    expect(day.at).toHaveLength(24);
    expect(day.at.at(-1)).toBe(NOW);
    expect(day.at[0]).toBe(NOW - 23 * 60 * MINUTE);
    const month = backtestChecks(NOW, 30, 5, 1000);
    expect(month.stepMinutes).toBe(44);
    expect(month.at.length).toBeLessThanOrEqual(1000);
  });
});
