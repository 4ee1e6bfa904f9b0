import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Matrix } from '../storybook/Matrix.tsx';
import { CARD_PADDINGS } from './Card.css.ts';
import { Card } from './Card.tsx';

const meta = { title: 'Layout/Card', component: Card } satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Paddings: Story = {
  render: () => (
    <Matrix
      rows={CARD_PADDINGS}
      columns={['plain', 'with header'] as const}
      render={(padding, kind) => (
        <Card
          padding={padding}
          style={{ width: 260 }}
          title={kind === 'with header' ? 'Tracking' : undefined}
          description={kind === 'with header' ? 'Where clicks are sent' : undefined}
          actions={
            kind === 'with header' ? (
              <Button size="sm" variant="outline" tone="neutral">
                Edit
              </Button>
            ) : undefined
          }
        >
          Card body text.
        </Card>
      )}
    />
  ),
};
