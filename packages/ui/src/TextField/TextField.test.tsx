import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField, parseNumber } from '../NumberField/NumberField.tsx';
import { TextField } from './TextField.tsx';

describe('TextField', () => {
  it('is labelled, and announces its error and description', () => {
    render(<TextField label="Name" description="Shown in reports" error="Name is required" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required Shown in reports');
  });

  it('is not invalid without an error', () => {
    render(<TextField label="Name" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });
});

function Harness({ min, max }: { min?: number; max?: number }) {
  const [value, setValue] = useState<number | null>(5);
  return (
    <>
      <NumberField label="Weight" value={value} onChange={setValue} min={min} max={max} />
      <output>{String(value)}</output>
    </>
  );
}

describe('NumberField', () => {
  it('parses typed numbers, accepting a decimal comma', async () => {
    render(<Harness />);
    const input = screen.getByRole('spinbutton', { name: 'Weight' });
    await userEvent.clear(input);
    await userEvent.type(input, '12,5');
    expect(screen.getByRole('status')).toHaveTextContent('12.5');
  });

  it('steps with the arrow keys and clamps to min/max on blur', async () => {
    render(<Harness min={0} max={10} />);
    const input = screen.getByRole('spinbutton', { name: 'Weight' });
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveValue('7');
    await userEvent.clear(input);
    await userEvent.type(input, '99');
    await userEvent.tab();
    expect(input).toHaveValue('10');
    expect(screen.getByRole('status')).toHaveTextContent('10');
  });

  it('treats junk as no value', () => {
    expect(parseNumber('abc')).toBeNull();
    expect(parseNumber('')).toBeNull();
    expect(parseNumber(' 1 000,25 ')).toBe(1000.25);
  });
});
