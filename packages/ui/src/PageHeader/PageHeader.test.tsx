import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader.tsx';

describe('PageHeader', () => {
  it('is the page heading with its way back above and its actions after', () => {
    render(
      <PageHeader
        title="Edit offer"
        description="Changes apply to new clicks."
        breadcrumbs={<a href="/offers">Offers</a>}
        actions={<button type="button">Save</button>}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Edit offer' });
    const back = screen.getByRole('link', { name: 'Offers' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(back.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heading.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Changes apply to new clicks.')).toBeInTheDocument();
  });

  it('adds no second banner landmark to the page', () => {
    render(<PageHeader title="Campaigns" />);
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
