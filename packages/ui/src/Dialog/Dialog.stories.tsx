import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { DIALOG_SIZES } from './Dialog.css.ts';
import { Dialog } from './Dialog.tsx';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog.Content,
  parameters: { layout: 'fullscreen' },
  args: { title: 'Rename campaign', size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: DIALOG_SIZES } },
} satisfies Meta<typeof Dialog.Content>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  render: (args) => (
    <div style={{ minHeight: 400 }}>
      <Dialog.Root open>
        <Dialog.Content {...args} description="The new name shows in every report.">
          <TextField label="Name" defaultValue="Summer push" />
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral">
                Cancel
              </Button>
            </Dialog.Close>
            <Button>Save</Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    </div>
  ),
};

export const Small: Story = { ...Open, args: { size: 'sm', title: 'Small dialog' } };
export const Large: Story = { ...Open, args: { size: 'lg', title: 'Large dialog' } };
