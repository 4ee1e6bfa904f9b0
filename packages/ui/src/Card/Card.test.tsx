import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Card } from './Card.tsx';

describe('Card', () => {
  it('shows its title, description and actions above the body', async () => {
    const onEdit = vi.fn();
    render(
      <Card
        title="Tracking"
        description="Where clicks are sent"
        actions={
          <button type="button" onClick={onEdit}>
            Edit
          </button>
        }
      >
        Body text
      </Card>,
    );
    const heading = screen.getByRole('heading', { name: 'Tracking' });
    // The header (title, description, actions) comes before the body in reading order.
    expect(heading.closest('section')?.textContent).toBe('TrackingWhere clicks are sentEditBody text');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledOnce();
  });

  it('is only a body without title or actions', () => {
    render(<Card>Just text</Card>);
    expect(screen.getByText('Just text')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('becomes a named region when given a name', () => {
    render(
      <Card title="Preview" aria-label="Preview of the display settings">
        Sample
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Preview of the display settings' })).toHaveTextContent(
      'Sample',
    );
  });
});
