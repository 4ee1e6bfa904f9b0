import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateRangePicker } from './DateRangePicker.tsx';
import type { DateRangeValue } from './dateRange.ts';

const now = () => new Date('2026-03-01T10:30:00Z');

function Harness() {
  const [value, setValue] = useState<DateRangeValue>({
    preset: 'today',
    from: '2026-03-01',
    to: '2026-03-01',
    timeZone: 'UTC',
  });
  return (
    <>
      <DateRangePicker
        value={value}
        onChange={setValue}
        now={now}
        timeZones={['UTC', 'America/Los_Angeles']}
      />
      <output>{`${value.preset} ${value.from} ${value.to} ${value.timeZone}`}</output>
    </>
  );
}

describe('DateRangePicker', () => {
  it('applies a preset', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Period/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('status')).toHaveTextContent('last7 2026-02-23 2026-03-01 UTC');
    expect(screen.getByRole('button', { name: /Period/ })).toHaveTextContent(
      'Last 7 days · Feb 23 – Mar 1, 2026 · UTC',
    );
  });

  it('takes a custom range and refuses an inverted one', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Period/ }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    expect(screen.getByText('The start is after the end')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('status')).toHaveTextContent('custom 2026-02-10 2026-02-12 UTC');
  });

  it('moves between presets with the arrow keys', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Period/ }));
    screen.getByRole('radio', { name: 'Today' }).focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
  });

  it('discards the draft on Cancel', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: /Period/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'All time' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('status')).toHaveTextContent('today 2026-03-01 2026-03-01 UTC');
  });
});
