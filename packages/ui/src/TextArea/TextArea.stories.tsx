import type { Meta, StoryObj } from '@storybook/react-vite';
import { FIELD_SIZES } from '../Field/Field.css.ts';
import { Matrix } from '../storybook/Matrix.tsx';
import { TextArea } from './TextArea.tsx';

const STATES = ['empty', 'filled', 'with description', 'error', 'disabled'] as const;
const NOTES = 'Paused on weekends.\nRaise the bid after 10k clicks.';

const meta = {
  title: 'Controls/TextArea',
  component: TextArea,
  args: { label: 'Notes' },
} satisfies Meta<typeof TextArea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const States: Story = {
  render: () => (
    <Matrix
      rows={FIELD_SIZES}
      columns={STATES}
      render={(size, state) => (
        <div style={{ width: 200 }}>
          <TextArea
            size={size}
            label="Notes"
            rows={3}
            required={state === 'error'}
            placeholder="Anything to remember"
            defaultValue={state === 'empty' || state === 'error' ? undefined : NOTES}
            description={state === 'with description' ? 'Only admins see notes' : undefined}
            error={state === 'error' ? 'Notes are required' : undefined}
            disabled={state === 'disabled'}
          />
        </div>
      )}
    />
  ),
};

/** One value per line in monospace, as for lists of URLs, IPs or sub ids. */
export const Monospace: Story = {
  render: () => (
    <div style={{ width: 420 }}>
      <TextArea
        label="Blocked IPs"
        description="One per line"
        monospace
        rows={5}
        defaultValue={'10.0.0.1\n192.168.14.0/24\n2001:db8::1'}
      />
    </div>
  ),
};

export const StatesDark: Story = { ...States, globals: { theme: 'dark' } };
export const StatesLegacyLarger: Story = {
  ...States,
  globals: { colorScheme: 'legacy', fontSizeDelta: '4' },
};
