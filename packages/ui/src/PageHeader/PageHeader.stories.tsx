import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus } from 'lucide-react';
import { Button } from '../Button/Button.tsx';
import { Stack } from '../storybook/Matrix.tsx';
import { PageHeader } from './PageHeader.tsx';

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: { title: 'Campaigns' },
} satisfies Meta<typeof PageHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  render: () => (
    <Stack gap={24}>
      <PageHeader title="Campaigns" />
      <PageHeader
        title="Offers"
        description="What your traffic is sent to."
        actions={
          <>
            <Button variant="outline" tone="neutral">
              Export
            </Button>
            <Button icon={<Plus size={16} aria-hidden />}>Create</Button>
          </>
        }
      />
      <PageHeader breadcrumbs={<a href="#campaigns">Campaigns</a>} title="Edit campaign #42" />
    </Stack>
  ),
};
