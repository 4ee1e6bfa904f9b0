import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from '../Card/Card.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { PageHeader } from '../PageHeader/PageHeader.tsx';
import { Skeleton } from '../Skeleton/Skeleton.tsx';
import { Badge } from './Badge.tsx';

describe('display components', () => {
  it('show their text and headings', () => {
    render(
      <>
        <PageHeader title="Campaigns" actions={<button type="button">Create</button>} />
        <Card title="Tracking">body</Card>
        <Badge tone="success" withDot>
          Active
        </Badge>
        <Skeleton lines={3} />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Tracking' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it('announces an error empty state as an alert', () => {
    render(<EmptyState tone="danger" title="Could not load" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load');
  });
});
