import type { ChartSeries } from './Chart.tsx';

// Fixed data for the stories and tests: 14 days from 2026-03-02 (UTC), a working-week rhythm, and the
// two weeks before as the comparison, so every drawing of it is the same picture.

const DAY = 86_400;
const start = Date.UTC(2026, 2, 2) / 1000;

export const sampleDays: readonly number[] = Array.from({ length: 14 }, (_, index) => start + index * DAY);

const weekly = [1.0, 1.1, 1.15, 1.05, 0.95, 0.6, 0.55];
const clicksAt = (index: number, base: number, growth: number) =>
  Math.round(base * (weekly[index % 7] as number) * (1 + growth * index));

export const sampleClicks: ChartSeries[] = [
  { label: 'Clicks', values: sampleDays.map((_, index) => clicksAt(index, 1200, 0.02)), color: 1 },
  {
    label: 'Clicks, previous period',
    values: sampleDays.map((_, index) => clicksAt(index, 1100, 0.005)),
    color: 8,
    dashed: true,
  },
];

export const sampleMoney: ChartSeries[] = [
  { label: 'Revenue', values: sampleDays.map((_, index) => clicksAt(index, 410, 0.03) + 0.5), color: 3 },
  { label: 'Cost', values: sampleDays.map((_, index) => clicksAt(index, 300, 0.01) + 0.25), color: 2 },
  // A day without data stays a gap rather than a drop to zero.
  {
    label: 'Profit',
    values: sampleDays.map((_, index) => (index === 9 ? null : clicksAt(index, 110, 0.06))),
    color: 4,
  },
];

/** The first week of the sample: what a trends page shows for "last 7 days". */
export const sampleWeek: readonly number[] = sampleDays.slice(0, 7);
export const sampleWeekClicks: ChartSeries[] = sampleClicks.map((line) => ({
  ...line,
  values: line.values.slice(0, 7),
}));

/** A day by the hour, as trends shows "yesterday" per hour. */
export const sampleHours: readonly number[] = Array.from({ length: 24 }, (_, hour) => start + hour * 3600);
export const sampleHourClicks: ChartSeries[] = [
  {
    label: 'Clicks',
    values: sampleHours.map((_, hour) => Math.round(40 + 35 * Math.sin(((hour - 8) / 24) * 2 * Math.PI))),
    color: 1,
  },
];

/** An hour by the minute, as the monitor shows clicks per minute: quiet minutes, a burst, and empty ones. */
export const sampleMinutes: readonly number[] = Array.from(
  { length: 60 },
  (_, minute) => start + 12 * 3600 + minute * 60,
);
export const sampleMinuteClicks: ChartSeries[] = [
  {
    label: 'Clicks',
    values: sampleMinutes.map((_, minute) =>
      minute % 17 === 5
        ? 0
        : Math.round(4 + 3 * Math.sin(minute / 5) + (minute > 40 && minute < 46 ? 30 : 0)),
    ),
    color: 1,
    bars: true,
  },
];
