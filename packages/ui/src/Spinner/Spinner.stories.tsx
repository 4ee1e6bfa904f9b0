import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { SPINNER_SIZES, Spinner } from './Spinner.tsx';

const meta = { title: 'Feedback/Spinner', component: Spinner } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sizes: Story = {
  render: () => (
    <Matrix
      rows={['spinner'] as const}
      columns={SPINNER_SIZES}
      render={(_, size) => <Spinner size={size} />}
    />
  ),
};
