import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { Switch } from './Switch.tsx';

const meta = {
  title: 'Controls/Switch',
  component: Switch,
  args: { label: 'Vertical borders' },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  render: () => (
    <Matrix
      rows={['enabled', 'disabled'] as const}
      columns={['off', 'on'] as const}
      render={(state, on) => (
        <Switch label="Enable logging" disabled={state === 'disabled'} checked={on === 'on'} />
      )}
    />
  ),
};
