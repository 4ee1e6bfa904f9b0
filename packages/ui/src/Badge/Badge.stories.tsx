import type { Meta, StoryObj } from '@storybook/react-vite';
import { Matrix } from '../storybook/Matrix.tsx';
import { BADGE_TONES, BADGE_VARIANTS } from './Badge.css.ts';
import { Badge } from './Badge.tsx';

const meta = { title: 'Display/Badge', component: Badge, args: { children: 'Active' } } satisfies Meta<
  typeof Badge
>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Tones: Story = {
  render: () => (
    <Matrix
      rows={BADGE_TONES}
      columns={[...BADGE_VARIANTS, 'status pill'] as const}
      render={(tone, variant) =>
        variant === 'status pill' ? (
          <Badge tone={tone} withDot>
            {tone}
          </Badge>
        ) : (
          <Badge tone={tone} variant={variant}>
            {tone}
          </Badge>
        )
      }
    />
  ),
};

export const TonesDark: Story = { ...Tones, globals: { theme: 'dark' } };
export const TonesLegacy: Story = { ...Tones, globals: { colorScheme: 'legacy' } };
export const TonesCreativeDark: Story = { ...Tones, globals: { theme: 'dark', colorScheme: 'creative' } };
