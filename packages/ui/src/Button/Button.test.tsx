import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Button } from './Button.tsx';

describe('Button', () => {
  it('is a non-submitting button that reacts to click and keyboard', async () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submit')}>
        <Button onClick={() => onClick('click')}>Save</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClick).toHaveBeenCalledWith('click');
  });

  it('ignores clicks while loading but keeps its name and focusability', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders a link with the button look through asChild', () => {
    render(
      <Button asChild>
        <a href="/panel/campaigns/create">Create</a>
      </Button>,
    );
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/panel/campaigns/create');
  });

  it('gives an icon button its label as accessible name', () => {
    render(
      <IconButton label="Delete">
        <svg aria-hidden />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
