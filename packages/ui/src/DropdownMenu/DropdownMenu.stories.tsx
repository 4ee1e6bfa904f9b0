import type { Meta, StoryObj } from '@storybook/react-vite';
import { Ellipsis } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { IconButton } from '../IconButton/IconButton.tsx';
import { DropdownMenu, loadDropdownMenu } from './DropdownMenu.tsx';

const meta = { title: 'Navigation/DropdownMenu', component: DropdownMenu.Root } satisfies Meta<
  typeof DropdownMenu.Root
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Label, items, a checked item, a disabled item, a separator and a danger item, opened by keyboard. */
export const Open: Story = {
  // The menu's code is fetched after the first paint; here it is in first, so the keyboard opens the
  // menu as Radix does, the first item focused.
  loaders: [
    async () => {
      await loadDropdownMenu();
      return {};
    },
  ],
  render: () => (
    <div style={{ minHeight: 260 }}>
      {/* Non-modal here: a modal menu aria-hides the story around it, which axe reports on the trigger. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <IconButton label="More actions" variant="outline">
            <Ellipsis size={16} aria-hidden />
          </IconButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          <DropdownMenu.Label>Campaign</DropdownMenu.Label>
          <DropdownMenu.Item>Edit</DropdownMenu.Item>
          <DropdownMenu.Item>Clone</DropdownMenu.Item>
          <DropdownMenu.CheckboxItem checked>Show in reports</DropdownMenu.CheckboxItem>
          <DropdownMenu.Item disabled>Archive (no rights)</DropdownMenu.Item>
          <DropdownMenu.Separator />
          <DropdownMenu.Item tone="danger">Delete</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  ),
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'More actions' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(within(document.body).getByRole('menu')).toBeVisible();
  },
};
