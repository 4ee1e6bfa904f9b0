import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Stack } from '../storybook/Matrix.tsx';
import { DateRangePicker } from './DateRangePicker.tsx';
import { type DateRangeValue, presetRange } from './dateRange.ts';

// A fixed clock keeps the screenshots stable.
const fixedNow = () => new Date('2026-03-01T10:30:00Z');
const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];

function Controlled({ initial }: { initial: DateRangeValue }) {
  const [value, setValue] = useState(initial);
  return <DateRangePicker value={value} onChange={setValue} now={fixedNow} timeZones={zones} />;
}

const meta = {
  title: 'Controls/DateRangePicker',
  component: DateRangePicker,
  args: {
    value: { preset: 'last7', ...presetRange('last7', fixedNow(), 'UTC'), timeZone: 'UTC' },
    onChange: () => {},
    now: fixedNow,
    timeZones: zones,
  },
} satisfies Meta<typeof DateRangePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Values: Story = {
  render: () => (
    <Stack>
      <Controlled
        initial={{ preset: 'today', ...presetRange('today', fixedNow(), 'UTC'), timeZone: 'UTC' }}
      />
      <Controlled
        initial={{
          preset: 'lastMonth',
          ...presetRange('lastMonth', fixedNow(), 'Europe/Berlin'),
          timeZone: 'Europe/Berlin',
        }}
      />
      <Controlled
        initial={{ preset: 'custom', from: '2025-12-30', to: '2026-01-02', timeZone: 'Asia/Kolkata' }}
      />
      <Controlled initial={{ preset: 'allTime', from: null, to: null, timeZone: 'America/New_York' }} />
    </Stack>
  ),
};

/** The open panel: presets, custom dates and time zone. */
export const Open: Story = {
  render: (args) => (
    <div style={{ minHeight: 420 }}>
      <Controlled initial={args.value} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Period/ }));
    await expect(within(document.body).getByRole('radiogroup', { name: 'Presets' })).toBeVisible();
  },
};
