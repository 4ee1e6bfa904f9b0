import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState } from './EmptyState.tsx';

describe('EmptyState', () => {
  it('says what is missing and offers the next step', async () => {
    const onCreate = vi.fn();
    render(
      <EmptyState
        title="No campaigns yet"
        description="Create one to start tracking clicks."
        action={
          <button type="button" onClick={onCreate}>
            Create campaign
          </button>
        }
      />,
    );
    expect(screen.getByText('No campaigns yet')).toBeInTheDocument();
    expect(screen.getByText('Create one to start tracking clicks.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it('is not an alert when nothing went wrong', () => {
    render(<EmptyState title="Nothing matches" />);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the icon it is given instead of the inbox', () => {
    render(<EmptyState title="Offline" icon={<span data-testid="plug" />} />);
    expect(screen.getByTestId('plug')).toBeInTheDocument();
    expect(document.querySelectorAll('svg')).toHaveLength(0);
  });
});
