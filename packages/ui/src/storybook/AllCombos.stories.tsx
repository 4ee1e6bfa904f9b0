import { COLOR_SCHEMES, schemeTokens, THEMES, vars } from '@cairn/tokens';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Checkbox } from '../Checkbox/Checkbox.tsx';

/** A colour as the browser resolves it, so a token's hex compares with a computed `rgb(...)`. */
function resolvedColour(colour: string): string {
  const probe = document.createElement('span');
  probe.style.color = colour;
  document.body.append(probe);
  const resolved = getComputedStyle(probe).color;
  probe.remove();
  return resolved;
}

function Sample() {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm }}>
      <Button>Save campaign</Button>
      <Button variant="outline">Cancel</Button>
      <Badge tone="success">Active</Badge>
      <Checkbox label="Pause on zero budget" defaultChecked />
    </div>
  );
}

const meta = {
  title: 'Introduction/All combos',
  component: Sample,
  parameters: {
    // Every combination is drawn and measured in its own cell here; sweeping the root's scheme changes nothing.
    schemeSweep: { disable: true },
  },
} satisfies Meta<typeof Sample>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The toolbar's "Combos: all": the story once per colour scheme x theme, each cell labelled and painted with
 * its own combination's background, so all of them are reviewed side by side.
 */
export const EveryCombo: Story = {
  globals: { combos: 'all' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const backgrounds = new Set<string>();
    expect(canvas.getAllByRole('region')).toHaveLength(COLOR_SCHEMES.length * THEMES.length);
    for (const colorScheme of COLOR_SCHEMES) {
      for (const theme of THEMES) {
        const cell = canvas.getByRole('region', { name: `${colorScheme} ${theme}` });
        const background = getComputedStyle(cell).backgroundColor;
        expect(background, `${colorScheme} ${theme}`).toBe(
          resolvedColour(schemeTokens[colorScheme][theme].color.background),
        );
        backgrounds.add(background);
        expect(within(cell).getByRole('button', { name: 'Save campaign' })).toBeVisible();
      }
    }
    // Six cells under one inherited theme would all share the root's background.
    expect(backgrounds.size).toBe(COLOR_SCHEMES.length * THEMES.length);
  },
};
