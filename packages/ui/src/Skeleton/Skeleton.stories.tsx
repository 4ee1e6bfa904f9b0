import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { Skeleton } from './Skeleton.tsx';

const meta = { title: 'Feedback/Skeleton', component: Skeleton } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shapes: Story = {
  render: () => (
    <Matrix
      rows={['shape'] as const}
      columns={['line', 'paragraph', 'circle', 'block'] as const}
      render={(_, shape) => (
        <div style={{ width: 160 }}>
          {shape === 'line' && <Skeleton />}
          {shape === 'paragraph' && <Skeleton lines={3} />}
          {shape === 'circle' && <Skeleton circle height={40} />}
          {shape === 'block' && <Skeleton height={64} />}
        </div>
      )}
    />
  ),
};
