import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DropdownMenu, loadDropdownMenu } from '../DropdownMenu/DropdownMenu.tsx';
import { Tooltip } from './Tooltip.tsx';

describe('Tooltip', () => {
  it('appears on keyboard focus and describes its trigger', async () => {
    render(
      <Tooltip content="Cost per click" delayDuration={0}>
        <button type="button">CPC</button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Cost per click');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('DropdownMenu', () => {
  // About the open menu: its code (fetched after the first paint) is in first.
  beforeAll(() => loadDropdownMenu());

  it('opens from the keyboard and runs the chosen item', async () => {
    const chosen: string[] = [];
    render(
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>Actions</DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <DropdownMenu.Item onSelect={() => chosen.push('edit')}>Edit</DropdownMenu.Item>
          <DropdownMenu.Item onSelect={() => chosen.push('delete')} tone="danger">
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>,
    );
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(chosen).toEqual(['delete']);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
