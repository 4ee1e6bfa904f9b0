import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { FIELD_SIZES } from '../Field/Field.css.ts';
import { Matrix } from '../storybook/Matrix.tsx';
import { NumberField, type NumberFieldProps } from './NumberField.tsx';

function Controlled(props: Omit<NumberFieldProps, 'value' | 'onChange'> & { initial: number | null }) {
  const { initial, ...rest } = props;
  const [value, setValue] = useState<number | null>(initial);
  return <NumberField {...rest} value={value} onChange={setValue} />;
}

const meta = {
  title: 'Controls/NumberField',
  component: NumberField,
  args: { label: 'Payout', value: 1.5, onChange: () => {} },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  render: () => (
    <Matrix
      rows={FIELD_SIZES}
      columns={['empty', 'money', 'percent', 'error', 'disabled'] as const}
      render={(size, state) => (
        <div style={{ width: 160 }}>
          <Controlled
            size={size}
            label="Value"
            initial={state === 'empty' ? null : 12.5}
            prefix={state === 'money' ? '$' : undefined}
            suffix={state === 'percent' ? '%' : undefined}
            error={state === 'error' ? 'Must be at most 10' : undefined}
            disabled={state === 'disabled'}
            max={state === 'error' ? 10 : undefined}
            step={0.5}
          />
        </div>
      )}
    />
  ),
};
