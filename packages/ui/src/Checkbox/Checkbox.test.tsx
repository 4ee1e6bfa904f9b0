import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RadioGroup } from '../RadioGroup/RadioGroup.tsx';
import { loadSelect, Select } from '../Select/Select.tsx';
import { Switch } from '../Switch/Switch.tsx';
import { Checkbox } from './Checkbox.tsx';

describe('Checkbox and Switch', () => {
  it('toggle from their label and from the keyboard', async () => {
    const onCheck = vi.fn();
    const onSwitch = vi.fn();
    render(
      <>
        <Checkbox label="Archived" onCheckedChange={onCheck} />
        <Switch label="Logging" onCheckedChange={onSwitch} />
      </>,
    );
    await userEvent.click(screen.getByText('Archived'));
    expect(onCheck).toHaveBeenLastCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Archived' })).toBeChecked();
    screen.getByRole('switch', { name: 'Logging' }).focus();
    await userEvent.keyboard(' ');
    expect(onSwitch).toHaveBeenLastCalledWith(true);
  });
});

describe('RadioGroup', () => {
  it('moves between choices with arrow keys', async () => {
    const onChange = vi.fn();
    render(
      <RadioGroup
        label="Mode"
        defaultValue="a"
        onValueChange={onChange}
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Mode' })).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'A' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'B' })).toHaveFocus();
    // Radix selects on arrow focus in browsers; jsdom misses that path, so confirm with Space.
    await userEvent.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('Select', () => {
  // About the open list: the popup's code (fetched after the first paint) is in first.
  beforeAll(() => loadSelect());

  it('shows the chosen option and reports the value', async () => {
    const onChange = vi.fn();
    render(
      <Select
        label="Scheme"
        placeholder="Choose"
        onValueChange={onChange}
        options={[
          { value: 'default', label: 'Default' },
          { value: 'legacy', label: 'Legacy' },
        ]}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Scheme' });
    expect(trigger).toHaveTextContent('Choose');
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('option', { name: 'Legacy' }));
    expect(onChange).toHaveBeenCalledWith('legacy');
    expect(trigger).toHaveTextContent('Legacy');
  });
});
