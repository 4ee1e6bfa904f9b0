import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { Matrix, Stack } from '../storybook/Matrix.tsx';
import { BUTTON_SIZES, BUTTON_TONES, BUTTON_VARIANTS } from './Button.css.ts';
import { Button } from './Button.tsx';

const STATES = ['default', 'with icon', 'loading', 'disabled'] as const;

const meta = {
  title: 'Controls/Button',
  component: Button,
  args: { children: 'Save campaign' },
  argTypes: {
    variant: { control: 'select', options: BUTTON_VARIANTS },
    tone: { control: 'select', options: BUTTON_TONES },
    size: { control: 'select', options: BUTTON_SIZES },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

/** variant x tone x state at the default size. */
export const Variants: Story = {
  render: () => (
    <Stack>
      {BUTTON_TONES.map((tone) => (
        <Matrix
          key={tone}
          rows={BUTTON_VARIANTS.map((v) => `${v} / ${tone}` as const)}
          columns={STATES}
          render={(row, state) => (
            <Button
              variant={row.split(' / ')[0] as (typeof BUTTON_VARIANTS)[number]}
              tone={tone}
              icon={state === 'with icon' ? <Plus size={16} aria-hidden /> : undefined}
              loading={state === 'loading'}
              disabled={state === 'disabled'}
            >
              Save
            </Button>
          )}
        />
      ))}
    </Stack>
  ),
};

export const Sizes: Story = {
  render: () => (
    <Matrix
      rows={BUTTON_SIZES}
      columns={STATES}
      render={(size, state) => (
        <Button
          size={size}
          icon={state === 'with icon' ? <Plus size={16} aria-hidden /> : undefined}
          loading={state === 'loading'}
          disabled={state === 'disabled'}
        >
          Create
        </Button>
      )}
    />
  ),
};

/** Keyboard focus shows the ring (vars.color.focusRing); a mouse click does not. */
export const FocusRing: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, padding: 8 }}>
      {BUTTON_VARIANTS.map((variant) => (
        <Button key={variant} variant={variant}>
          {variant}
        </Button>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'solid' })).toHaveFocus();
  },
};

/** The same matrix in the dark theme and the other schemes (contrast is checked by axe here too). */
export const VariantsDark: Story = { ...Variants, globals: { theme: 'dark' } };
export const VariantsLegacy: Story = { ...Variants, globals: { colorScheme: 'legacy' } };
export const VariantsCreativeDark: Story = {
  ...Variants,
  globals: { theme: 'dark', colorScheme: 'creative' },
};
