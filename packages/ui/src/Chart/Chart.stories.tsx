import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Chart, type ChartProps } from './Chart.tsx';
import {
  sampleClicks,
  sampleDays,
  sampleHourClicks,
  sampleHours,
  sampleMinuteClicks,
  sampleMinutes,
  sampleMoney,
  sampleWeek,
  sampleWeekClicks,
} from './sampleSeries.ts';

const meta = {
  title: 'Data/Chart',
  // Its docs page's props table is read from this component's types.
  component: Chart,
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj;

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const formatMoney = (value: number) => money.format(value);
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** A chart of a fixed size in a box as wide, so every drawing of a story is the same picture. */
const fixedSize =
  ({ width, height = 240, ...props }: ChartProps & { width: number }) =>
  () => (
    <div style={{ width }}>
      <Chart width={width} height={height} {...props} />
    </div>
  );

/** The screenshot waits for the canvas: uPlot loads on demand and draws once it has. */
const drawn: Story['play'] = async ({ canvasElement }) => {
  await waitFor(() =>
    expect(canvasElement.querySelectorAll('[data-state="drawn"]').length).toBeGreaterThan(0),
  );
};

/** Trends: a metric per day with the previous period dashed under it. */
export const PreviousPeriod: Story = {
  render: fixedSize({
    width: 800,
    label: 'Clicks per day, 2 to 15 March 2026, against the 14 days before',
    x: sampleDays,
    series: sampleClicks,
    formatTime: day,
  }),
  play: drawn,
};

/**
 * A week of days across a wide page, as trends shows "last 7 days": with the bucket as its step the axis
 * ticks once a day, where uPlot alone would label the hours between the points.
 */
export const DaysOnAWideChart: Story = {
  render: fixedSize({
    width: 1100,
    label: 'Clicks per day, 2 to 8 March 2026, against the 7 days before',
    x: sampleWeek,
    series: sampleWeekClicks,
    step: 86_400,
    formatTime: day,
  }),
  play: drawn,
};

/** A day by the hour across a wide page: ticks on whole hours, labelled without the ":00" ("10 AM"). */
export const HoursOfADay: Story = {
  render: fixedSize({
    width: 1100,
    label: 'Clicks per hour, 2 March 2026',
    x: sampleHours,
    series: sampleHourClicks,
    step: 3600,
  }),
  play: drawn,
};

/** Money on the value axis, three series, and a day without data left as a gap. */
export const MoneyWithGap: Story = {
  render: fixedSize({
    width: 800,
    label: 'Revenue, cost and profit per day',
    x: sampleDays,
    series: sampleMoney,
    formatValue: formatMoney,
    formatTime: day,
  }),
  play: drawn,
};

/**
 * The monitor's clicks per minute: bars from zero, one a minute, the first and last drawn whole; a minute
 * without clicks is a hairline on the zero line.
 */
export const BarsPerMinute: Story = {
  render: fixedSize({
    width: 800,
    label: 'Clicks per minute, 12:00 to 12:59',
    x: sampleMinutes,
    series: sampleMinuteClicks,
    height: 160,
    step: 60,
  }),
  play: drawn,
};

export const BarsPerMinuteDark: Story = { ...BarsPerMinute, globals: { theme: 'dark' } };

/** No traffic: a flat line at zero on a scale of one, not a line across the middle. */
export const Empty: Story = {
  render: fixedSize({
    width: 800,
    label: 'Clicks per day: none in this period',
    x: sampleDays,
    series: [{ label: 'Clicks', values: sampleDays.map(() => 0) }],
    height: 160,
    formatTime: day,
  }),
  play: drawn,
};

export const PreviousPeriodDark: Story = { ...PreviousPeriod, globals: { theme: 'dark' } };

function ChangingChart() {
  const [width, setWidth] = useState(800);
  const [metric, setMetric] = useState<'clicks' | 'money'>('clicks');
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }}>
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onClick={() => setWidth(600)}>Narrower</Button>
        <Button onClick={() => setMetric('money')}>Show money</Button>
      </div>
      <Chart
        label={metric === 'clicks' ? 'Clicks per day' : 'Revenue, cost and profit per day'}
        x={sampleDays}
        series={metric === 'clicks' ? sampleClicks : sampleMoney}
        width={width}
        height={200}
        formatTime={day}
      />
    </div>
  );
}

/**
 * A chart that changes under the viewer: a new width resizes the drawing it has, and new data swaps
 * in its successor at once, so no frame and no script ever finds the chart without its drawing.
 */
export const ResizedAndRedrawn: Story = {
  render: () => <ChangingChart />,
  play: async (context) => {
    await drawn(context);
    const page = within(context.canvasElement);
    const plot = () => context.canvasElement.querySelector('[role="img"]') as HTMLElement;
    const first = plot().querySelector('canvas');

    await userEvent.click(page.getByRole('button', { name: 'Narrower' }));
    await waitFor(() => expect(plot().querySelector<HTMLElement>('.u-wrap')?.style.width).toBe('600px'));
    await expect(plot().querySelector('canvas')).toBe(first);

    // Mutation records arrive as soon as the script that made them yields, before a promise's callbacks
    // or the next task: a rebuild that waited for anything would be seen here without its canvas.
    const seenWithout: number[] = [];
    const observer = new MutationObserver(() => {
      if (!plot().querySelector('canvas')) seenWithout.push(Date.now());
    });
    observer.observe(plot(), { childList: true, subtree: true, attributes: true });
    await userEvent.click(page.getByRole('button', { name: 'Show money' }));
    await waitFor(() => expect(plot().getAttribute('aria-label')).toBe('Revenue, cost and profit per day'));
    await waitFor(() => expect(plot().querySelector('canvas')).not.toBe(first));
    observer.disconnect();
    await expect(seenWithout).toEqual([]);
    await expect(plot().dataset.state).toBe('drawn');
  },
};
