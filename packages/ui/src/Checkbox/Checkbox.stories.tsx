import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { Checkbox } from './Checkbox.tsx';

const CHECKED = [false, true, 'indeterminate'] as const;

const meta = { title: 'Controls/Checkbox', component: Checkbox, args: { label: 'Archived' } } satisfies Meta<
  typeof Checkbox
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  render: () => (
    <Matrix
      rows={['enabled', 'disabled'] as const}
      columns={CHECKED.map(String)}
      render={(state, checked) => (
        <Checkbox
          label="Archived"
          disabled={state === 'disabled'}
          checked={checked === 'indeterminate' ? 'indeterminate' : checked === 'true'}
        />
      )}
    />
  ),
};
