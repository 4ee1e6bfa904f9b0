import type { Meta, StoryObj } from '@storybook/react-vite';
import { Info } from 'lucide-react';
import { IconButton } from '../IconButton/IconButton.tsx';
import { Matrix } from '../storybook/Matrix.tsx';
import { Tooltip } from './Tooltip.tsx';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

const meta = {
  title: 'Feedback/Tooltip',
  component: Tooltip,
  args: { content: 'Cost per click', children: <button type="button">CPC</button> },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sides: Story = {
  render: () => (
    <div style={{ padding: 48 }}>
      <Matrix
        rows={['open'] as const}
        columns={SIDES}
        render={(_, side) => (
          <div style={{ padding: 40 }}>
            <Tooltip content={`On the ${side}`} side={side} open>
              <IconButton label={`Info ${side}`}>
                <Info size={16} aria-hidden />
              </IconButton>
            </Tooltip>
          </div>
        )}
      />
    </div>
  ),
};
