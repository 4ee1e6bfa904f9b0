import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onOpenChange: () => {},
    title: 'Delete 3 campaigns?',
    description: 'Their statistics stay in reports; the tracking links stop working.',
    confirmLabel: 'Delete',
    tone: 'danger',
    onConfirm: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {};

export const Accent: Story = { args: { tone: 'accent', title: 'Publish changes?', confirmLabel: 'Publish' } };

/** A failing confirm keeps the dialog open and shows why. */
export const SaveError: Story = {
  args: { onConfirm: () => Promise.reject(new Error('Campaign 12 is used by a rotation.')) },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(body.getByRole('button', { name: 'Delete' }));
    await expect(await body.findByRole('alert')).toHaveTextContent('Campaign 12 is used by a rotation.');
  },
};
