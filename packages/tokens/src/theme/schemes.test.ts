import { describe, expect, it } from 'vitest';
import { COLOR_SCHEMES, type ColorScheme, THEMES } from '../constants.ts';
import { parseHexColour } from './contrast.ts';
import { schemeTokens } from './schemes/index.ts';
import type { ThemeTokens } from './tokens.ts';

function leaves(group: object, prefix = ''): [string, string][] {
  return Object.entries(group).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const colourLeaves = (tokens: ThemeTokens) =>
  leaves({ color: tokens.color, toast: tokens.toast, table: tokens.table, chart: tokens.chart });

describe.each(COLOR_SCHEMES.flatMap((scheme) => THEMES.map((theme) => [scheme, theme] as const)))(
  '%s scheme, %s theme',
  (scheme, theme) => {
    const tokens = schemeTokens[scheme][theme];

    it('gives every colour as opaque hex, except the translucent overlay', () => {
      for (const [name, value] of colourLeaves(tokens)) {
        if (name === 'color.overlay') expect(value).toMatch(/^rgba\(/);
        else expect(() => parseHexColour(value), name).not.toThrow();
      }
    });

    it('derives every text size from the font-size delta and scale variables', () => {
      for (const size of Object.values(tokens.fontSize)) {
        expect(size).toContain('var(--cairn-font-size-delta, 0)');
        expect(size).toContain('var(--cairn-font-scale, 1)');
      }
    });

    it('uses the chosen font through the root font variable', () => {
      expect(tokens.font.body).toMatch(/^var\(--cairn-font-family, 'Vela Sans', .*sans-serif\)$/);
    });
  },
);

describe('the three schemes', () => {
  const pairs: [ColorScheme, ColorScheme][] = [
    ['default', 'legacy'],
    ['default', 'creative'],
    ['legacy', 'creative'],
  ];

  it.each(pairs)('%s and %s differ in most colours of both themes', (first, second) => {
    for (const theme of THEMES) {
      const a = new Map(colourLeaves(schemeTokens[first][theme]));
      const differing = colourLeaves(schemeTokens[second][theme]).filter(
        ([name, value]) => a.get(name) !== value,
      );
      expect(differing.length / a.size).toBeGreaterThan(0.75);
    }
  });

  it('makes legacy the dense one: smaller controls, rows, type and radii than the others', () => {
    // The px a length has at no delta: the number a scaled length starts from.
    const px = (value: string) => Number.parseFloat(value.replace(/^calc\(/, ''));
    const legacy = schemeTokens.legacy.light;
    for (const other of [schemeTokens.default.light, schemeTokens.creative.light]) {
      expect(px(legacy.size.tableRow)).toBeLessThan(px(other.size.tableRow));
      expect(px(legacy.size.controlMd)).toBeLessThan(px(other.size.controlMd));
      expect(px(legacy.radius.md)).toBeLessThan(px(other.radius.md));
      expect(legacy.fontSize.md).not.toBe(other.fontSize.md);
    }
  });
});
