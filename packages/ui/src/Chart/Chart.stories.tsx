import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Chart } from './Chart.tsx';
import { sampleClicks, sampleDays, sampleMoney } from './sampleSeries.ts';

const meta = {
  title: 'Data/Chart',
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

/** The screenshot waits for the canvas: uPlot loads on demand and draws once it has. */
const drawn: Story['play'] = async ({ canvasElement }) => {
  await waitFor(() =>
    expect(canvasElement.querySelectorAll('[data-state="drawn"]').length).toBeGreaterThan(0),
  );
};

/** Trends: a metric per day with the previous period dashed under it. */
export const PreviousPeriod: Story = {
  render: () => (
    <div style={{ width: 800 }}>
      <Chart
        label="Clicks per day, 2 to 15 March 2026, against the 14 days before"
        x={sampleDays}
        series={sampleClicks}
        width={800}
        height={240}
        formatTime={day}
      />
    </div>
  ),
  play: drawn,
};

/** Money on the value axis, three series, and a day without data left as a gap. */
export const MoneyWithGap: Story = {
  render: () => (
    <div style={{ width: 800 }}>
      <Chart
        label="Revenue, cost and profit per day"
        x={sampleDays}
        series={sampleMoney}
        width={800}
        height={240}
        formatValue={formatMoney}
        formatTime={day}
      />
    </div>
  ),
  play: drawn,
};

/** No traffic: a flat line at zero on a scale of one, not a line across the middle. */
export const Empty: Story = {
  render: () => (
    <div style={{ width: 800 }}>
      <Chart
        label="Clicks per day: none in this period"
        x={sampleDays}
        series={[{ label: 'Clicks', values: sampleDays.map(() => 0) }]}
        width={800}
        height={160}
        formatTime={day}
      />
    </div>
  ),
  play: drawn,
};

export const PreviousPeriodDark: Story = { ...PreviousPeriod, globals: { theme: 'dark' } };
