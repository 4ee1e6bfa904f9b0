import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { RadioGroup } from './RadioGroup.tsx';

const modes = [
  { value: 'colored-cells', label: 'Colored cells' },
  { value: 'colored-rows', label: 'Colored rows' },
  { value: 'even-odd', label: 'Even / odd' },
  { value: 'no', label: 'No colors', disabled: true },
] as const;

const meta = {
  title: 'Controls/RadioGroup',
  component: RadioGroup,
  args: { label: 'Colorization', options: modes, defaultValue: 'colored-rows' },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Orientations: Story = {
  render: () => (
    <Matrix
      rows={['vertical', 'horizontal'] as const}
      columns={['enabled', 'disabled'] as const}
      render={(orientation, state) => (
        <RadioGroup
          label="Colorization"
          options={modes}
          defaultValue="colored-rows"
          orientation={orientation}
          disabled={state === 'disabled'}
        />
      )}
    />
  ),
};
