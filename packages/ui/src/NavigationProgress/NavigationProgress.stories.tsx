import type { Meta, StoryObj } from '@storybook/react-vite';
import { NavigationProgressBar } from './NavigationProgress.tsx';

const meta = {
  title: 'Feedback/NavigationProgress',
  component: NavigationProgressBar,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ position: 'relative', height: 48, transform: 'translateZ(0)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof NavigationProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Growing: after the 300 ms delay, heading for 75%. */
export const Growing: Story = { args: { state: { phase: 'growing', from: 0 } } };

/** Finishing: the navigation resolved, the bar runs to 100%. */
export const Finishing: Story = { args: { state: { phase: 'finishing', from: 40 } } };
