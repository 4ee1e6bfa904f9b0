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
