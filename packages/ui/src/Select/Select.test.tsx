import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSelect, Select, type SelectProps } from './Select.tsx';

const currencies = [
  { value: 'USD', label: 'US dollar' },
  { value: 'EUR', label: 'Euro' },
  { value: 'RUB', label: 'Rouble', disabled: true },
] as const;

describe('Select', () => {
  // About the open list: the popup's code (fetched after the first paint) is in first; before it arrives
  // is the next block's subject.
  beforeAll(() => loadSelect());

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

  it('keeps the page behind out of reach while open, and gives it back on a choice or Escape', async () => {
    const user = userEvent.setup();
    render(
      <main>
        <a href="#offers">Offers</a>
        <Select label="Currency" options={currencies} defaultValue="USD" />
      </main>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Currency' });
    const inert = () => document.querySelector('[inert]');
    await user.click(trigger);
    await screen.findByRole('listbox');
    await waitFor(() => expect(inert()).not.toBeNull());
    await user.click(screen.getByRole('option', { name: 'Euro' }));
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(inert()).toBeNull();
    await user.click(trigger);
    await waitFor(() => expect(inert()).not.toBeNull());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(inert()).toBeNull();
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

describe('Select before its popup arrives', () => {
  // Fresh modules: whether the popup's code was fetched is state of the module.
  async function freshSelect(props: Partial<SelectProps<'USD' | 'EUR' | 'RUB'>> = {}) {
    vi.resetModules();
    const { Select: Fresh } = await import('./Select.tsx');
    render(<Fresh label="Currency" options={currencies} placeholder="Choose" {...props} />);
    return screen.getByRole('combobox', { name: 'Currency' });
  }

  it('paints its trigger at once, with the chosen option, marked as a closed list', async () => {
    const trigger = await freshSelect({ value: 'EUR', error: 'Pick a currency' });
    expect(trigger).toHaveTextContent('Euro');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).not.toHaveAttribute('data-placeholder');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('reads right to left from the nearest DirectionProvider, before its popup arrives and after', async () => {
    vi.resetModules();
    const { Select: Fresh, loadSelect: loadFresh } = await import('./Select.tsx');
    const { DirectionProvider } = await import('@radix-ui/react-direction');
    render(
      <DirectionProvider dir="rtl">
        <Fresh label="Currency" options={currencies} value="EUR" />
      </DirectionProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('dir', 'rtl');
    await loadFresh();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveAttribute('dir', 'rtl'),
    );
  });

  it('marks the placeholder shown before anything is chosen', async () => {
    const trigger = await freshSelect();
    expect(trigger).toHaveTextContent('Choose');
    expect(trigger).toHaveAttribute('data-placeholder', '');
  });

  it('opens on arrival when pressed first, the focus staying on its trigger', async () => {
    const onChange = vi.fn();
    const trigger = await freshSelect({ onValueChange: onChange });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await userEvent.click(await screen.findByRole('option', { name: 'Euro' }, { timeout: 5000 }));
    expect(onChange).toHaveBeenCalledWith('EUR');
    expect(screen.getByRole('combobox', { name: 'Currency' })).toHaveFocus();
  });

  it('stays shut when disabled, pressed or not', async () => {
    const trigger = await freshSelect({ disabled: true });
    fireEvent.keyDown(trigger, { key: 'Enter' });
    await loadSelect();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
