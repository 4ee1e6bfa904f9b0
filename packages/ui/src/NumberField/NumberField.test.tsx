import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField, type NumberFieldProps } from './NumberField.tsx';

function Bid(props: Partial<NumberFieldProps> & { initial?: number | null }) {
  const { initial = 1, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return (
    <>
      <NumberField label="Bid" value={value} onChange={setValue} {...rest} />
      <output>{String(value)}</output>
      <button type="button" onClick={() => setValue(42)}>
        Use suggested bid
      </button>
    </>
  );
}

const field = () => screen.getByRole('spinbutton', { name: 'Bid' });
const reported = () => screen.getByRole('status').textContent;

describe('NumberField', () => {
  it('steps by ten with Shift and lands on the step, not on binary noise', async () => {
    render(<Bid initial={0.1} step={0.1} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowUp}');
    expect(field()).toHaveValue('0.2');
    await userEvent.keyboard('{ArrowUp}');
    expect(reported()).toBe('0.3');
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(reported()).toBe('-0.7');
  });

  it('keeps a half-typed number while reporting what it parses to', async () => {
    render(<Bid initial={null} />);
    await userEvent.type(field(), '1.');
    expect(field()).toHaveValue('1.');
    expect(reported()).toBe('1');
    await userEvent.clear(field());
    expect(reported()).toBe('null');
  });

  it('follows a value set from outside and tells its range to assistive tech', async () => {
    render(<Bid min={0} max={100} />);
    expect(field()).toHaveAttribute('aria-valuemin', '0');
    expect(field()).toHaveAttribute('aria-valuemax', '100');
    await userEvent.click(screen.getByRole('button', { name: 'Use suggested bid' }));
    expect(field()).toHaveValue('42');
    expect(field()).toHaveAttribute('aria-valuenow', '42');
  });

  it('does not step below its minimum', async () => {
    render(<Bid initial={1} min={0} />);
    await userEvent.click(field());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(reported()).toBe('0');
  });
});
