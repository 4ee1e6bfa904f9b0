import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { COLOR_SCHEMES, type ColorScheme, cssVariables, THEMES, type Theme } from '../constants.ts';
import { themeClassName } from '../theme/classes.ts';
import { vars } from '../theme/contract.css.ts';
import { schemeTypeScales } from '../theme/schemes/index.ts';
import { sizeScale } from '../typography.ts';

const steps = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
const deltas = [-10, 0, 10] as const;

// The delta must sit on the same element as the theme class: the class's size variables resolve
// --cairn-font-size-delta (unitless) where they are declared, and descendants inherit the resolved sizes.
// Each step prints the px it renders at, worked out from the same type scale and size scale the CSS uses.
function Column({ scheme, theme, delta }: { scheme: ColorScheme; theme: Theme; delta: number }) {
  const typeScale = schemeTypeScales[scheme];
  const scale = sizeScale(delta, typeScale);
  const style = {
    [cssVariables.fontSizeDelta]: String(delta),
    flex: '1 1 0',
    minWidth: 0,
    padding: vars.space.md,
    background: vars.color.surface,
    color: vars.color.text,
    fontFamily: vars.font.body,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
  } as CSSProperties;
  return (
    <section className={themeClassName(scheme, theme)} style={style} aria-label={`delta ${delta} px`}>
      <h2 style={{ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.md }}>
        Delta {delta > 0 ? `+${delta}` : delta} px
      </h2>
      {steps.map((step) => (
        <p
          key={step}
          style={{
            margin: `0 0 ${vars.space.xs}`,
            fontSize: vars.fontSize[step],
            lineHeight: vars.lineHeight.tight,
          }}
        >
          {step} {Number((typeScale[step] * scale).toFixed(1))} px: Campaign ROI 12.5%
        </p>
      ))}
    </section>
  );
}

function TypeScale({ scheme, theme }: { scheme: ColorScheme; theme: Theme }) {
  return (
    <div style={{ display: 'flex', gap: 12, width: 960 }}>
      {deltas.map((delta) => (
        <Column key={delta} scheme={scheme} theme={theme} delta={delta} />
      ))}
    </div>
  );
}

const meta = {
  title: 'Tokens/Type scale',
  component: TypeScale,
  argTypes: {
    scheme: { control: 'inline-radio', options: COLOR_SCHEMES },
    theme: { control: 'inline-radio', options: THEMES },
  },
} satisfies Meta<typeof TypeScale>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { scheme: 'default', theme: 'light' } };
// The dense scheme has the smallest base sizes, so it is where the -10 px floor shows.
export const Legacy: Story = { args: { scheme: 'legacy', theme: 'light' } };
export const Creative: Story = { args: { scheme: 'creative', theme: 'dark' } };
