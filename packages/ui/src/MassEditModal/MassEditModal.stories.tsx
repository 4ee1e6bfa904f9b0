import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type MassEditField, MassEditModal } from './MassEditModal.tsx';

const fields: MassEditField[] = [
  {
    id: 'costModel',
    label: 'Cost model',
    kind: 'select',
    options: [
      { value: 'cpc', label: 'CPC' },
      { value: 'cpa', label: 'CPA' },
      { value: 'revshare', label: 'RevShare' },
    ],
  },
  {
    id: 'cost',
    label: 'Cost',
    kind: 'number',
    defaultValue: 0.1,
    step: 0.01,
    description: 'Per click, in USD',
  },
  { id: 'group', label: 'Group', kind: 'text', placeholder: 'e.g. Europe' },
  { id: 'active', label: 'Active', kind: 'switch', defaultValue: true },
];

const meta = {
  title: 'Overlays/MassEditModal',
  component: MassEditModal,
  parameters: { layout: 'fullscreen' },
  args: {
    open: true,
    onOpenChange: () => {},
    itemCount: 12,
    itemsLabel: 'campaigns',
    fields,
    onSave: () => {},
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 700 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof MassEditModal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing ticked yet: every editor is disabled and Save is off. */
export const Untouched: Story = {};

/** Two fields ticked; the summary names them. */
export const TwoFieldsTicked: Story = {
  play: async () => {
    const body = within(document.body);
    await userEvent.click(body.getByRole('checkbox', { name: 'Change Cost' }));
    await userEvent.click(body.getByRole('checkbox', { name: 'Change Active' }));
    await expect(body.getByText('12 campaigns will change: Cost, Active.')).toBeVisible();
  },
};

/** The server refused: the error is shown in the modal, which stays open. */
export const SaveError: Story = {
  args: { onSave: () => Promise.reject(new Error('Campaign 7 is archived and cannot be edited.')) },
  play: async () => {
    const body = within(document.body);
    await userEvent.click(body.getByRole('checkbox', { name: 'Change Group' }));
    await userEvent.click(body.getByRole('button', { name: 'Save 12 campaigns' }));
    await expect(await body.findByRole('alert')).toHaveTextContent('Campaign 7 is archived');
  },
};
