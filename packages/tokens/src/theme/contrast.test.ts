import { describe, expect, it } from 'vitest';
import { COLOR_SCHEMES, THEMES } from '../constants.ts';
import { AA_NON_TEXT_CONTRAST, AA_TEXT_CONTRAST, AAA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';
import { highContrastColours } from './schemes/highContrast.ts';
import { schemeTokens } from './schemes/index.ts';
import type { ColourTokens } from './tokens.ts';

type Pair = readonly [
  label: string,
  pick: (tokens: ColourTokens) => [foreground: string, background: string],
];

// Every place the components put text on a background. A new surface or text token needs a line here.
const textPairs: Pair[] = [];
const surfaces = ['background', 'surface', 'surfaceRaised', 'surfaceSunken', 'surfaceHover'] as const;
for (const surface of surfaces) {
  for (const text of [
    'text',
    'textMuted',
    'accentText',
    'link',
    'dangerText',
    'successText',
    'warningText',
    'infoText',
  ] as const) {
    textPairs.push([`color.${text} on color.${surface}`, ({ color }) => [color[text], color[surface]]]);
  }
}
textPairs.push(
  [
    'color.textInverse on color.text (tooltips, inverted chips)',
    ({ color }) => [color.textInverse, color.text],
  ],
  ['color.textOnAccent on color.accent', ({ color }) => [color.textOnAccent, color.accent]],
  ['color.textOnAccent on color.accentHover', ({ color }) => [color.textOnAccent, color.accentHover]],
  ['color.textOnAccent on color.accentActive', ({ color }) => [color.textOnAccent, color.accentActive]],
  ['color.textOnAccent on color.danger', ({ color }) => [color.textOnAccent, color.danger]],
  ['color.textOnAccent on color.dangerHover', ({ color }) => [color.textOnAccent, color.dangerHover]],
  ['color.textOnAccent on color.success', ({ color }) => [color.textOnAccent, color.success]],
  ['color.textOnAccent on color.warning', ({ color }) => [color.textOnAccent, color.warning]],
  ['color.textOnAccent on color.info', ({ color }) => [color.textOnAccent, color.info]],
  ['color.accentText on color.accentSubtle', ({ color }) => [color.accentText, color.accentSubtle]],
  ['color.text on color.accentSubtle', ({ color }) => [color.text, color.accentSubtle]],
  ['color.dangerText on color.dangerSubtle', ({ color }) => [color.dangerText, color.dangerSubtle]],
  ['color.successText on color.successSubtle', ({ color }) => [color.successText, color.successSubtle]],
  ['color.warningText on color.warningSubtle', ({ color }) => [color.warningText, color.warningSubtle]],
  ['color.infoText on color.infoSubtle', ({ color }) => [color.infoText, color.infoSubtle]],
  [
    'color.disabledText on color.disabledBackground',
    ({ color }) => [color.disabledText, color.disabledBackground],
  ],
  ['color.codeText on color.codeBackground', ({ color }) => [color.codeText, color.codeBackground]],
  ['color.text on color.skeleton', ({ color }) => [color.text, color.skeleton]],
);
for (const type of ['default', 'success', 'info', 'error', 'warning'] as const) {
  textPairs.push([
    `toast.${type}.text on toast.${type}.background`,
    ({ toast }) => [toast[type].text, toast[type].background],
  ]);
}
textPairs.push(
  ['table.headerText on table.headerBackground', ({ table }) => [table.headerText, table.headerBackground]],
  ['table.totalsText on table.totalsBackground', ({ table }) => [table.totalsText, table.totalsBackground]],
  [
    'table.positiveCellText on table.positiveCellBackground',
    ({ table }) => [table.positiveCellText, table.positiveCellBackground],
  ],
  [
    'table.negativeCellText on table.negativeCellBackground',
    ({ table }) => [table.negativeCellText, table.negativeCellBackground],
  ],
  [
    'table.positiveRowText on table.positiveRowBackground',
    ({ table }) => [table.positiveRowText, table.positiveRowBackground],
  ],
  [
    'table.negativeRowText on table.negativeRowBackground',
    ({ table }) => [table.negativeRowText, table.negativeRowBackground],
  ],
  [
    'color.link on table.positiveRowBackground',
    ({ color, table }) => [color.link, table.positiveRowBackground],
  ],
  [
    'color.link on table.negativeRowBackground',
    ({ color, table }) => [color.link, table.negativeRowBackground],
  ],
);
// Plain rows of every colorization mode: "no", "even-odd" (alternate rows), hover and selection, each
// carrying ordinary text, muted text, links and the profit colours of "no"/"even-odd".
const rowBackgrounds = [
  'rowBackground',
  'rowAltBackground',
  'rowHoverBackground',
  'rowSelectedBackground',
] as const;
for (const row of rowBackgrounds) {
  textPairs.push(
    [`table.rowText on table.${row}`, ({ table }) => [table.rowText, table[row]]],
    [`color.textMuted on table.${row}`, ({ color, table }) => [color.textMuted, table[row]]],
    [`color.link on table.${row}`, ({ color, table }) => [color.link, table[row]]],
    [`table.positiveText on table.${row}`, ({ table }) => [table.positiveText, table[row]]],
    [`table.negativeText on table.${row}`, ({ table }) => [table.negativeText, table[row]]],
  );
}

// Things that are not text but must still be seen (WCAG 1.4.11): focus ring, control borders, icons, chart marks.
const nonTextPairs: Pair[] = [];
for (const surface of surfaces) {
  nonTextPairs.push(
    [`color.focusRing on color.${surface}`, ({ color }) => [color.focusRing, color[surface]]],
    [`color.borderStrong on color.${surface}`, ({ color }) => [color.borderStrong, color[surface]]],
    [`color.accent on color.${surface}`, ({ color }) => [color.accent, color[surface]]],
    [`color.progressBar on color.${surface}`, ({ color }) => [color.progressBar, color[surface]]],
  );
}
for (const type of ['default', 'success', 'info', 'error', 'warning'] as const) {
  nonTextPairs.push([
    `toast.${type}.icon on toast.${type}.background`,
    ({ toast }) => [toast[type].icon, toast[type].background],
  ]);
}
for (const series of [
  'series1',
  'series2',
  'series3',
  'series4',
  'series5',
  'series6',
  'series7',
  'series8',
  'axis',
] as const) {
  nonTextPairs.push([
    `chart.${series} on color.surface`,
    ({ chart, color }) => [chart[series], color.surface],
  ]);
}

const combinations = COLOR_SCHEMES.flatMap((scheme) => THEMES.map((theme) => [scheme, theme] as const));

describe.each(combinations)('%s scheme, %s theme', (scheme, theme) => {
  const tokens = schemeTokens[scheme][theme];

  it.each(textPairs)('text contrast of %s meets WCAG AA 4.5:1', (_label, pick) => {
    const [foreground, background] = pick(tokens);
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each(nonTextPairs)('non-text contrast of %s meets WCAG AA 3:1', (_label, pick) => {
    const [foreground, background] = pick(tokens);
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(AA_NON_TEXT_CONTRAST);
  });
});

// The high-contrast palette holds every pair above to more: text to AAA, and marks, focus rings and strong
// borders to the text minimum, so none of them is told apart by a faint tint. Its plain borders, which the
// standard schemes keep decorative, must be seen too: they are what separates fields and table cells there.
const highContrastBorderPairs: Pair[] = [
  ...surfaces.map(
    (surface): Pair => [`color.border on color.${surface}`, ({ color }) => [color.border, color[surface]]],
  ),
  ...rowBackgrounds.flatMap((row): Pair[] => [
    [`table.border on table.${row}`, ({ table }) => [table.border, table[row]]],
    [`table.verticalBorder on table.${row}`, ({ table }) => [table.verticalBorder, table[row]]],
  ]),
  ...(['success', 'info', 'error', 'warning'] as const).map(
    (type): Pair => [
      `toast.${type}.border on toast.${type}.background`,
      ({ toast }) => [toast[type].border, toast[type].background],
    ],
  ),
];

describe.each(THEMES)('high-contrast palette, %s theme', (theme) => {
  const tokens = highContrastColours[theme];

  it.each(textPairs)('text contrast of %s meets WCAG AAA 7:1', (_label, pick) => {
    const [foreground, background] = pick(tokens);
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(AAA_TEXT_CONTRAST);
  });

  it.each(nonTextPairs)('non-text contrast of %s reaches 4.5:1', (_label, pick) => {
    const [foreground, background] = pick(tokens);
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it.each(highContrastBorderPairs)('border contrast of %s meets WCAG AA 3:1', (_label, pick) => {
    const [foreground, background] = pick(tokens);
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(AA_NON_TEXT_CONTRAST);
  });

  it('is stronger than every standard scheme for body text on the page', () => {
    const ratio = (colours: ColourTokens) => contrastRatio(colours.color.text, colours.color.background);
    for (const scheme of COLOR_SCHEMES) {
      expect(ratio(tokens)).toBeGreaterThan(ratio(schemeTokens[scheme][theme]));
    }
  });
});

describe('contrastRatio', () => {
  it('gives the WCAG extremes and is symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    expect(contrastRatio('#2563eb', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#2563eb'), 10);
  });

  it('matches a published value (#767676 on white is the classic 4.54:1)', () => {
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('refuses colours it cannot judge', () => {
    expect(() => contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toThrow(/opaque hex/);
  });
});
