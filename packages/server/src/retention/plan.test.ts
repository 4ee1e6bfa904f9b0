import { describe, expect, it } from 'vitest';
import { dayStart, manualScope, monthlySteps, retentionPlan, startOfDay, today } from './plan.ts';

const at = (iso: string) => Date.parse(iso);

describe('retention plan', () => {
  it('counts days in the zone, across a DST change', () => {
    // 1 April 2026, 10:00 in Berlin (summer time, +2); seven days back is 25 March, still winter (+1).
    const now = at('2026-04-01T08:00:00Z');
    expect(new Date(dayStart('Europe/Berlin', now, 0)).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(new Date(dayStart('Europe/Berlin', now, 7)).toISOString()).toBe('2026-03-24T23:00:00.000Z');
    expect(new Date(startOfDay('Asia/Kathmandu', '2026-04-01')).toISOString()).toBe(
      '2026-03-31T18:15:00.000Z',
    );
    expect(today('Pacific/Auckland', at('2026-04-01T20:00:00Z'))).toBe('2026-04-02');
  });

  it('clears every campaign but the exceptions after the days kept, and each group of exceptions after theirs', () => {
    const now = at('2026-06-20T12:00:00Z');
    const settings = {
      enabled: true,
      keepDays: 30,
      exceptions: [
        { campaignId: 4, keepDays: 90 },
        { campaignId: 5, keepDays: null },
        { campaignId: 6, keepDays: 90 },
        { campaignId: 7, keepDays: 7 },
      ],
    };
    expect(retentionPlan(settings, 'UTC', now)).toEqual([
      { before: at('2026-05-21T00:00:00Z'), only: null, keep: [4, 5, 6, 7] },
      { before: at('2026-06-13T00:00:00Z'), only: [7], keep: [] },
      { before: at('2026-03-22T00:00:00Z'), only: [4, 6], keep: [] },
    ]);
    expect(retentionPlan({ ...settings, enabled: false }, 'UTC', now)).toEqual([]);
  });

  it('clears by hand the campaigns named, or every one but the exceptions', () => {
    const settings = { enabled: false, keepDays: 30, exceptions: [{ campaignId: 5, keepDays: null }] };
    expect(manualScope(settings, 1000, [2, 2, 3])).toEqual({ before: 1000, only: [2, 3], keep: [] });
    expect(manualScope(settings, 1000, [])).toEqual({ before: 1000, only: null, keep: [5] });
  });

  it('goes month by month from the oldest event to the cutoff', () => {
    expect(monthlySteps(at('2026-01-15T10:00:00Z'), at('2026-03-10T00:00:00Z'))).toEqual([
      at('2026-02-01T00:00:00Z'),
      at('2026-03-01T00:00:00Z'),
      at('2026-03-10T00:00:00Z'),
    ]);
    expect(monthlySteps(at('2026-03-02T00:00:00Z'), at('2026-03-10T00:00:00Z'))).toEqual([
      at('2026-03-10T00:00:00Z'),
    ]);
  });
});
