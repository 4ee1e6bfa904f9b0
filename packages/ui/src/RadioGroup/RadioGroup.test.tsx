import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './RadioGroup.tsx';

const options = [
  { value: 'redirect', label: '302 redirect' },
  { value: 'meta', label: 'Meta refresh' },
  { value: 'js', label: 'JavaScript', disabled: true },
] as const;

describe('RadioGroup', () => {
  it('chooses by clicking the label and shows the choice', async () => {
    const onChange = vi.fn();
    render(
      <RadioGroup label="Redirect mode" defaultValue="redirect" options={options} onValueChange={onChange} />,
    );
    expect(screen.getByRole('radio', { name: '302 redirect' })).toBeChecked();
    await userEvent.click(screen.getByText('Meta refresh'));
    expect(onChange).toHaveBeenCalledWith('meta');
    expect(screen.getByRole('radio', { name: 'Meta refresh' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '302 redirect' })).not.toBeChecked();
  });

  it('does not offer a disabled option, nor any option when the group is disabled', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <RadioGroup label="Redirect mode" value="redirect" options={options} onValueChange={onChange} />,
    );
    await userEvent.click(screen.getByText('JavaScript'));
    expect(screen.getByRole('radio', { name: 'JavaScript' })).toBeDisabled();
    rerender(
      <RadioGroup
        label="Redirect mode"
        value="redirect"
        options={options}
        onValueChange={onChange}
        disabled
      />,
    );
    await userEvent.click(screen.getByText('Meta refresh'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
