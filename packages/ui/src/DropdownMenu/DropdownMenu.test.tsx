import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DropdownMenu, loadDropdownMenu } from './DropdownMenu.tsx';

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
  // These are about the open menu; before its code arrives is the next block's subject.
  beforeAll(() => loadDropdownMenu());

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
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus();
  });
});

describe('DropdownMenu before its code arrives', () => {
  // Fresh modules: whether the menu's code was fetched is state of the module.
  async function freshMenu() {
    vi.resetModules();
    const { DropdownMenu: Fresh } = await import('./DropdownMenu.tsx');
    render(
      <Fresh.Root>
        <Fresh.Trigger>Columns</Fresh.Trigger>
        <Fresh.Content>
          <Fresh.Item>Reset</Fresh.Item>
        </Fresh.Content>
      </Fresh.Root>,
    );
    return screen.getByRole('button', { name: 'Columns' });
  }

  it('paints its trigger at once, marked as a closed menu button', async () => {
    const trigger = await freshMenu();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveAttribute('data-state', 'closed');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on arrival when pressed first, the focus staying on its trigger', async () => {
    const trigger = await freshMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(await screen.findByRole('menuitem', { name: 'Reset' }, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus();
  });

  it('cancels the mousedown of a tap that opens it, so that focus cannot close it as it arrives', async () => {
    const trigger = await freshMenu();
    // false: the pointerdown was cancelled, which in a browser means no mousedown and no focus change.
    expect(fireEvent.pointerDown(trigger, { button: 0, pointerType: 'touch' })).toBe(false);
    expect(await screen.findByRole('menuitem', { name: 'Reset' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('leaves a pointerdown it does not open on (another button, a ctrl-click) alone', async () => {
    const trigger = await freshMenu();
    expect(fireEvent.pointerDown(trigger, { button: 2, pointerType: 'mouse' })).toBe(true);
    expect(fireEvent.pointerDown(trigger, { button: 0, ctrlKey: true, pointerType: 'mouse' })).toBe(true);
  });
});
