import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch.tsx';

describe('Switch', () => {
  it('shows its state and turns on and off from its label', async () => {
    function Logging() {
      const [on, setOn] = useState(false);
      return <Switch label="Log clicks" checked={on} onCheckedChange={setOn} />;
    }
    render(<Logging />);
    const control = screen.getByRole('switch', { name: 'Log clicks' });
    expect(control).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(screen.getByText('Log clicks'));
    expect(control).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(control);
    expect(control).toHaveAttribute('aria-checked', 'false');
  });

  it('can stand alone with an accessible name, and ignores input while disabled', async () => {
    const onChange = vi.fn();
    render(<Switch aria-label="Bot filter" disabled onCheckedChange={onChange} />);
    const control = screen.getByRole('switch', { name: 'Bot filter' });
    await userEvent.click(control);
    expect(onChange).not.toHaveBeenCalled();
    expect(control).toBeDisabled();
  });
});
