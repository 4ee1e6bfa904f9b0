import type { Meta, StoryObj } from '@storybook/react-vite';
import { FONT_WEIGHTS } from '../constants.ts';
import { FONT_IDS, FONTS, type FontId, fontStack } from '../fonts/fonts.ts';
import { loadFont } from '../fonts/load.ts';
import { measureFontScaleFactor } from '../fonts/measure.ts';
import { vars } from '../theme/contract.css.ts';
import { tokenSheetViewport } from './viewports.ts';

type ScaleFactors = Record<FontId, number>;

function FontSpecimens({ factors }: { factors: ScaleFactors }) {
  return (
    <div style={{ display: 'grid', gap: vars.space.md, width: 960, fontSize: vars.fontSize.sm }}>
      {FONT_IDS.map((id) => {
        const font = FONTS[id];
        return (
          <section
            key={id}
            aria-label={font.label}
            style={{
              padding: vars.space.md,
              background: vars.color.surface,
              border: `1px solid ${vars.color.border}`,
              borderRadius: vars.radius.md,
            }}
          >
            <h2 style={{ margin: 0, fontSize: vars.fontSize.md }}>
              {font.label}{' '}
              <span style={{ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular }}>
                {font.kind}, {font.source === 'static' ? 'static path' : 'self-hosted'}, scale factor{' '}
                {factors[id].toFixed(3)}
              </span>
            </h2>
            {FONT_WEIGHTS.map((weight) => (
              <p
                key={weight}
                style={{
                  margin: `${vars.space.xxs} 0 0`,
                  fontFamily: fontStack(id),
                  fontWeight: weight,
                  fontSize: 16,
                }}
              >
                {weight} Campaign “Spring” 1,234 clicks · ROI −12.50% · 0O 1lI
              </p>
            ))}
          </section>
        );
      })}
    </div>
  );
}

const meta = {
  title: 'Tokens/Fonts',
  component: FontSpecimens,
  parameters: { ...tokenSheetViewport },
  // Every font is loaded before measuring, as the panel does when the user picks one.
  loaders: [
    async () => {
      await Promise.all(FONT_IDS.map((id) => loadFont(id, { logger: { warn: () => {} } })));
      return {
        factors: Object.fromEntries(FONT_IDS.map((id) => [id, measureFontScaleFactor(id)])) as ScaleFactors,
      };
    },
  ],
  render: (_args, { loaded }) => <FontSpecimens factors={loaded.factors as ScaleFactors} />,
} satisfies Meta<typeof FontSpecimens>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Specimens: Story = { args: { factors: {} as ScaleFactors } };
