import type { Meta, StoryObj } from '@storybook/react-vite';
import { Search } from 'lucide-react';
import { FIELD_SIZES } from '../Field/Field.css.ts';
import { Matrix } from '../storybook/Matrix.tsx';
import { TextField } from './TextField.tsx';

const STATES = ['empty', 'filled', 'with description', 'error', 'disabled'] as const;

const meta = {
  title: 'Controls/TextField',
  component: TextField,
  args: { label: 'Campaign name', placeholder: 'e.g. Summer push' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  render: () => (
    <Matrix
      rows={FIELD_SIZES}
      columns={STATES}
      render={(size, state) => (
        <div style={{ width: 200 }}>
          <TextField
            size={size}
            label="Name"
            required={state === 'error'}
            placeholder="e.g. Summer push"
            defaultValue={state === 'empty' ? undefined : 'Summer push'}
            description={state === 'with description' ? 'Shown in reports' : undefined}
            error={state === 'error' ? 'Name is required' : undefined}
            disabled={state === 'disabled'}
            prefix={size === 'lg' ? <Search size={16} aria-hidden /> : undefined}
          />
        </div>
      )}
    />
  ),
};

export const StatesDark: Story = { ...States, globals: { theme: 'dark' } };
export const StatesLegacyLarger: Story = {
  ...States,
  globals: { colorScheme: 'legacy', fontSizeDelta: '4' },
};
