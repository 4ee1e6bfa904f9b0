import type { Meta, StoryObj } from '@storybook/react-vite';
import { Copy, Pencil, Trash } from 'lucide-react';
import { BUTTON_SIZES, BUTTON_TONES, BUTTON_VARIANTS } from '../Button/Button.css.ts';
import { Matrix, Stack } from '../storybook/Matrix.tsx';
import { IconButton } from './IconButton.tsx';

const meta = {
  title: 'Controls/IconButton',
  component: IconButton,
  args: { label: 'Edit', children: <Pencil size={16} aria-hidden /> },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Matrixed: Story = {
  name: 'Variants and sizes',
  render: () => (
    <Stack>
      <Matrix
        rows={BUTTON_VARIANTS}
        columns={BUTTON_TONES}
        render={(variant, tone) => (
          <IconButton label={`Delete (${variant} ${tone})`} variant={variant} tone={tone}>
            <Trash size={16} aria-hidden />
          </IconButton>
        )}
      />
      <Matrix
        rows={BUTTON_SIZES}
        columns={['default', 'loading', 'disabled'] as const}
        render={(size, state) => (
          <IconButton label="Copy" size={size} loading={state === 'loading'} disabled={state === 'disabled'}>
            <Copy size={size === 'lg' ? 20 : 16} aria-hidden />
          </IconButton>
        )}
      />
    </Stack>
  ),
};
