import { describe, expect, it } from 'vitest';
import { checkStyles } from './check-styles.ts';
import { repositoryPlanter } from './plant.testing.ts';

// The style gate on a planted repository in a temp dir, so each rule is seen failing; and the real
// repository, which must pass it with its allow-list.

const plant = repositoryPlanter('cairn-styles-');

/** A style file whose one style has these lines, the first on line 4. */
function styleFile(...lines: string[]): string {
  return (
    "import { vars } from '@cairn/tokens';\nimport { style } from '@vanilla-extract/css';\n" +
    `export const card = style({\n${lines.map((line) => `  ${line}\n`).join('')}});\n`
  );
}

describe('style gate', () => {
  it('fails hex, functional and named colours and a numeric z-index in a ui style file', () => {
    const root = plant({
      'packages/ui/src/Card/Card.css.ts': styleFile(
        "color: '#fff',",
        "background: 'rgba(0, 0, 0, 0.5)',",
        'border: `1px solid red`,',
        "outlineColor: 'hsl(210 50% 40%)',",
        'zIndex: 5,',
      ),
    });
    expect(checkStyles({ root, allowed: {} })).toEqual([
      expect.stringMatching(/^packages\/ui\/src\/Card\/Card\.css\.ts:4: colour literal #fff; /),
      expect.stringMatching(/^packages\/ui\/src\/Card\/Card\.css\.ts:5: colour literal rgba\(; /),
      expect.stringMatching(/^packages\/ui\/src\/Card\/Card\.css\.ts:7: colour literal hsl\(; /),
      expect.stringMatching(/^packages\/ui\/src\/Card\/Card\.css\.ts:6: colour literal 'red'; /),
      expect.stringMatching(/^packages\/ui\/src\/Card\/Card\.css\.ts:8: z-index literal zIndex: 5; /),
    ]);
  });

  it('checks the inline style objects of panel components, and only those', () => {
    const root = plant({
      'packages/panel/src/Page.tsx':
        'export const Page = () => (\n' +
        '  <div title="red alert" style={{ zIndex: 3, color: vars.color.text, boxShadow: "0 0 0 1px #000" }} />\n' +
        ');\n',
    });
    expect(checkStyles({ root, allowed: {} })).toEqual([
      expect.stringMatching(/^packages\/panel\/src\/Page\.tsx:2: colour literal #000; /),
      expect.stringMatching(/^packages\/panel\/src\/Page\.tsx:2: z-index literal zIndex: 3; /),
    ]);
  });

  it.each([
    "// Was '#fff' and zIndex: 5 before the tokens.",
    'color: vars.color.text,',
    "background: 'transparent',",
    "borderColor: 'currentColor',",
    // Forced-colors mode: the system colours name a role the user's contrast theme colours.
    "'@media': { '(forced-colors: active)': { background: 'Highlight', outline: '1px solid CanvasText' } },",
    "whiteSpace: 'nowrap',",
    'selectors: { \'&[data-tone="bordered"]\': { zIndex: vars.zIndex.raised } },',
  ])('passes %s', (line) => {
    const root = plant({ 'packages/ui/src/Card/Card.css.ts': styleFile(line) });
    expect(checkStyles({ root, allowed: {} })).toEqual([]);
  });

  it('skips the line after a check-styles-ignore comment that says why', () => {
    const root = plant({
      'packages/ui/src/Fade.css.ts': styleFile(
        '// check-styles-ignore: a mask reads only the alpha.',
        "maskImage: 'linear-gradient(transparent, black)',",
      ),
    });
    expect(checkStyles({ root, allowed: {} })).toEqual([]);
  });

  it('leaves the tokens package alone: it is where the literals belong', () => {
    const root = plant({ 'packages/tokens/src/theme/default.css.ts': "export const accent = '#2563eb';\n" });
    expect(checkStyles({ root, allowed: {} })).toEqual([]);
  });

  it('lets an allowed file keep its rule, and reports the entry once the file no longer needs it', () => {
    const allowed = {
      'packages/ui/src/Table.css.ts': { rule: 'z-index literal', issue: 'issue 1' },
    } as const;
    const pinned = plant({ 'packages/ui/src/Table.css.ts': styleFile('zIndex: 2,') });
    expect(checkStyles({ root: pinned, allowed })).toEqual([]);
    const cleaned = plant({ 'packages/ui/src/Table.css.ts': styleFile() });
    expect(checkStyles({ root: cleaned, allowed })).toEqual([
      'packages/ui/src/Table.css.ts: allowed a z-index literal until issue 1, and has none; ' +
        'remove it from STYLE_LITERALS_ALLOWED',
    ]);
  });

  it('passes on this repository', () => {
    expect(checkStyles()).toEqual([]);
  });
});
