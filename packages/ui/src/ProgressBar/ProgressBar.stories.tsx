import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { PROGRESS_BAR_SIZES, ProgressBar } from './ProgressBar.tsx';

const meta = {
  title: 'Feedback/ProgressBar',
  component: ProgressBar,
  args: { label: 'Uploading clicks.csv' },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

// Empty, part-way and full, plus one without a value (indeterminate: the screenshot freezes its motion).
const AMOUNTS = ['0', '35', '100', 'indeterminate'] as const;

/** Every size at every amount. */
export const SizesByAmount: Story = {
  render: (args) => (
    <Matrix
      rows={PROGRESS_BAR_SIZES}
      columns={AMOUNTS}
      render={(size, amount) => (
        <div style={{ width: 160 }}>
          <ProgressBar
            {...args}
            size={size}
            value={amount === 'indeterminate' ? undefined : Number(amount)}
          />
        </div>
      )}
    />
  ),
};

export const SizesByAmountDark: Story = { ...SizesByAmount, globals: { theme: 'dark' } };
export const SizesByAmountLegacy: Story = { ...SizesByAmount, globals: { colorScheme: 'legacy' } };
export const SizesByAmountCreative: Story = { ...SizesByAmount, globals: { colorScheme: 'creative' } };
