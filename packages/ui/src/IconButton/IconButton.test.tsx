import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton.tsx';

describe('IconButton', () => {
  it('shows its label as a tooltip for sighted mouse users too', () => {
    render(
      <IconButton label="Delete offer">
        <svg aria-hidden />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Delete offer' })).toHaveAttribute('title', 'Delete offer');
  });

  it('does nothing while disabled or loading', async () => {
    const onClick = vi.fn();
    render(
      <>
        <IconButton label="Next page" disabled onClick={onClick}>
          <svg aria-hidden />
        </IconButton>
        <IconButton label="Refresh" loading onClick={onClick}>
          <svg aria-hidden />
        </IconButton>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
