import type { Meta, StoryObj } from '@storybook/react-vite';
import { CircleExclamationPoint, SearchX } from 'lucide-react';
import { Button } from '../Button/Button.tsx';
import { Matrix } from '../storybook/Matrix.tsx';
import { EmptyState } from './EmptyState.tsx';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: { title: 'No campaigns yet' },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Kinds: Story = {
  render: () => (
    <Matrix
      rows={['states'] as const}
      columns={['empty', 'no matches', 'error'] as const}
      render={(_, kind) =>
        kind === 'empty' ? (
          <EmptyState
            title="No campaigns yet"
            description="Create one to start tracking clicks."
            action={<Button>Create campaign</Button>}
          />
        ) : kind === 'no matches' ? (
          <EmptyState
            icon={<SearchX size={32} aria-hidden />}
            title="Nothing matches"
            description="Try another search."
          />
        ) : (
          <EmptyState
            tone="danger"
            icon={<CircleExclamationPoint size={32} aria-hidden />}
            title="Could not load campaigns"
            action={
              <Button variant="outline" tone="neutral">
                Retry
              </Button>
            }
          />
        )
      }
    />
  ),
};
