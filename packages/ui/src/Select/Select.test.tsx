import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select.tsx';

const currencies = [
  { value: 'USD', label: 'US dollar' },
  { value: 'EUR', label: 'Euro' },
  { value: 'RUB', label: 'Rouble', disabled: true },
] as const;

describe('Select', () => {
  it('shows the value it is given, and carries its error and description', () => {
    render(
      <Select
        label="Currency"
        description="Reports convert to it"
        error="Pick a currency"
        value="EUR"
        options={currencies}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Currency' });
    expect(trigger).toHaveTextContent('Euro');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Pick a currency Reports convert to it');
  });

  it('can be named without a visible label', () => {
    render(<Select aria-label="Rows per page" options={currencies} defaultValue="USD" />);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveTextContent('US dollar');
  });

  it('does not open while disabled, and keeps disabled options out of reach', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <Select label="Currency" options={currencies} onValueChange={onChange} disabled />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    expect(screen.queryByRole('listbox')).toBeNull();

    rerender(<Select label="Currency" options={currencies} onValueChange={onChange} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    expect(screen.getByRole('option', { name: 'Rouble' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Rouble' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});
