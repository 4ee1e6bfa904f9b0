import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner.tsx';

describe('Spinner', () => {
  it('announces that something is loading', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('says what is loading when told', () => {
    render(<Spinner label="Loading clicks" size="lg" />);
    const spinner = screen.getByRole('status', { name: 'Loading clicks' });
    expect(spinner.style.width).toBe('32px');
  });

  it('stays quiet where the surrounding element already says it is busy', () => {
    const { container } = render(<Spinner label={null} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
