// @vitest-environment node
import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FORCED_COLORS_QUERY, REDUCED_MOTION_QUERY } from '@cairn/tokens';
import { type Compiler, createCompiler } from '@vanilla-extract/compiler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const uiRoot = fileURLToPath(new URL('../../', import.meta.url));

interface CssRule {
  media: string | null;
  selector: string;
  declarations: Map<string, string>;
}

/** The style rules of vanilla-extract's output, each with the media query it sits in (keyframes skipped). */
function rulesOf(css: string, media: string | null = null): CssRule[] {
  const rules: CssRule[] = [];
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    if (open === -1) break;
    const prelude = css.slice(index, open).trim();
    let depth = 1;
    let close = open + 1;
    for (; close < css.length && depth > 0; close += 1) {
      if (css[close] === '{') depth += 1;
      else if (css[close] === '}') depth -= 1;
    }
    const body = css.slice(open + 1, close - 1);
    if (prelude.startsWith('@media')) rules.push(...rulesOf(body, prelude.slice('@media'.length).trim()));
    else if (!prelude.startsWith('@')) {
      const declarations = new Map(
        body
          .split(';')
          .map((declaration) => declaration.split(':').map((part) => part.trim()))
          .filter((parts): parts is [string, ...string[]] => parts.length > 1 && parts[0] !== '')
          .map(([property, ...value]) => [property, value.join(':')]),
      );
      rules.push({ media, selector: prelude, declarations });
    }
    index = close;
  }
  return rules;
}

const MOTION_PROPERTIES = ['animation', 'animation-name', 'transition', 'transition-property'];

function moves(rule: CssRule): boolean {
  return MOTION_PROPERTIES.some((property) => {
    const value = rule.declarations.get(property);
    return value !== undefined && value !== 'none';
  });
}

function answersReducedMotion(rule: CssRule): boolean {
  return [...MOTION_PROPERTIES, 'animation-duration'].some((property) => rule.declarations.has(property));
}

// What ui's styles compile to, read once for every check below: the user's system preferences are
// answered in media queries, which jsdom neither evaluates nor shows in a screenshot.
let compiler: Compiler;
const rules: CssRule[] = [];

beforeAll(async () => {
  compiler = createCompiler({ root: uiRoot, enableFileWatcher: false });
  for (const file of globSync('src/**/*.css.ts', { cwd: uiRoot })) {
    const path = `${uiRoot}${file}`;
    const { source } = await compiler.processVanillaFile(path, { outputCss: true });
    if (source.includes(`${path}.vanilla.css`)) rules.push(...rulesOf(compiler.getCssForFile(path).css));
  }
}, 120_000);
afterAll(async () => {
  await compiler?.close();
});

describe('reduced motion', () => {
  it('gives every animated or transitioning ui style a rule under prefers-reduced-motion', () => {
    const query = REDUCED_MOTION_QUERY.slice(1, -1);
    const moving = rules.filter((rule) => rule.media === null && moves(rule));
    const answered = new Set(
      rules
        .filter((rule) => rule.media?.includes(query) && answersReducedMotion(rule))
        .map((rule) => rule.selector),
    );
    // The dialog, toast, menus, switch, button, fields, spinner, skeleton and navigation bar all move: a
    // scan that finds far fewer has stopped reading the styles, not found them all answered.
    expect(moving.length).toBeGreaterThan(10);
    expect(moving.map((rule) => rule.selector).filter((selector) => !answered.has(selector))).toEqual([]);
  });

  it('stops the dialog and toast animations outright and slows the spinner instead', () => {
    const reduced = rules.filter((rule) => rule.media?.includes(REDUCED_MOTION_QUERY.slice(1, -1)));
    const of = (selectorPart: string) => reduced.filter((rule) => rule.selector.includes(selectorPart));
    expect(of('Dialog_overlay').map((rule) => rule.declarations.get('animation'))).toEqual(['none', 'none']);
    expect(of('Toast_root').map((rule) => rule.declarations.get('animation'))).toEqual(['none', 'none']);
    expect(of('Spinner_spinner').map((rule) => rule.declarations.get('animation-duration'))).toEqual([
      '2.4s',
    ]);
  });
});

// CSS Color 4's system colours: a role the user's contrast theme gives a colour to, never a colour itself.
const SYSTEM_COLOURS = new Set(
  'Canvas CanvasText LinkText VisitedText ActiveText ButtonFace ButtonText ButtonBorder Field FieldText Highlight HighlightText SelectedItem SelectedItemText Mark MarkText GrayText AccentColor AccentColorText'.split(
    ' ',
  ),
);
const COLOUR_PROPERTIES = [
  'color',
  'background',
  'background-color',
  'border',
  'border-color',
  'outline',
  'outline-color',
];

describe('forced colors', () => {
  const query = FORCED_COLORS_QUERY.slice(1, -1);
  const forced = () => rules.filter((rule) => rule.media?.includes(query));
  const forcedRule = (selectorPart: RegExp) => forced().find((rule) => selectorPart.test(rule.selector));

  it('paints the parts that are only a fill in the system colours, so they do not vanish as Canvas', () => {
    const paintedAsSelection = [
      /^\.Tabs_tab[^ ]*\[data-state="active"\]::after/,
      /^\.RadioGroup_indicator/,
      /^\.Switch_root[^ ]*\[data-state="checked"\]/,
      /^\.menu_item[^ ]*\[data-highlighted\]/,
      /^\.Checkbox_box[^ ]*\[data-state="checked"\]/,
      /ProgressBar_indicator/,
      /^\.NavigationProgress_bar/,
    ];
    for (const selector of paintedAsSelection) {
      const rule = forcedRule(selector);
      expect(rule?.declarations.get('background'), String(selector)).toBe('Highlight');
      // Without opting out, the system would repaint that background as Canvas all the same.
      const adjusted = forced().some(
        (other) =>
          rule &&
          other.selector.startsWith(rule.selector.split(/[:[ ]/)[0] ?? '') &&
          other.declarations.get('forced-color-adjust') === 'none',
      );
      expect(adjusted, String(selector)).toBe(true);
    }
  });

  it('gives every button a border and the progress track an outline in the system colours', () => {
    expect(forcedRule(/^\.Button_button__[^ .[:]+$/)?.declarations.get('border-color')).toBe('ButtonText');
    expect(forcedRule(/^\.ProgressBar_track__[^ .[:]+$/)?.declarations.get('outline')).toBe(
      '1px solid CanvasText',
    );
  });

  it('draws every focus ring in a system colour, so it is not repainted like a border', () => {
    const ringed = rules.filter(
      (rule) =>
        rule.media === null &&
        rule.selector.includes(':focus') &&
        (rule.declarations.get('outline') ?? 'none') !== 'none',
    );
    // Buttons, fields, checkboxes, switches, radios, tabs, table cells and more: far fewer means the scan broke.
    expect(ringed.length).toBeGreaterThan(12);
    const unanswered = ringed
      .map((rule) => rule.selector)
      .filter(
        (selector) =>
          !forced().some(
            (rule) =>
              rule.selector === selector &&
              /^(Highlight|CanvasText)$/.test(rule.declarations.get('outline-color') ?? ''),
          ),
      );
    expect(unanswered).toEqual([]);
  });

  it('marks selected table rows with a Highlight frame, and the focused cell in the text colour over it', () => {
    expect(forcedRule(/^\.DataTable_rowTone_selected/)?.declarations.get('outline')).toBe(
      '2px solid Highlight',
    );
    expect(forcedRule(/^\.DataTable_cell__[^ ]*:focus-visible/)?.declarations.get('outline-color')).toBe(
      'CanvasText',
    );
    expect(forcedRule(/^\.DataTable_resizer__[^ ]*:focus-visible/)?.declarations.get('background')).toBe(
      'Highlight',
    );
  });

  it('uses no theme colour there, only system colours', () => {
    const themed = forced().flatMap((rule) =>
      COLOUR_PROPERTIES.flatMap((property) => {
        const value = rule.declarations.get(property);
        if (value === undefined) return [];
        const words = value
          .split(/\s+/)
          .filter((word) => /^[A-Za-z]+$/.test(word) && word !== 'solid' && word !== 'none');
        return words.every((word) => SYSTEM_COLOURS.has(word)) && !value.includes('var(')
          ? []
          : [`${rule.selector} { ${property}: ${value} }`];
      }),
    );
    expect(forced().length).toBeGreaterThan(8);
    expect(themed).toEqual([]);
  });
});
