import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DropdownMenu } from './DropdownMenu.tsx';

function ColumnsMenu() {
  const [showCost, setShowCost] = useState(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>Columns</DropdownMenu.Trigger>
      <DropdownMenu.Content>
        <DropdownMenu.Label>Show</DropdownMenu.Label>
        <DropdownMenu.CheckboxItem checked={showCost} onCheckedChange={setShowCost}>
          Cost
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Separator />
        <DropdownMenu.Item>Reset</DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

describe('DropdownMenu', () => {
  it('toggles a checkbox item and shows it ticked the next time', async () => {
    render(<ColumnsMenu />);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const cost = screen.getByRole('menuitemcheckbox', { name: 'Cost' });
    expect(cost).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(cost);
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Cost' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('separator')).toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to its trigger', async () => {
    render(<ColumnsMenu />);
    const trigger = screen.getByRole('button', { name: 'Columns' });
    await userEvent.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
  });
});
