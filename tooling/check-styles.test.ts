import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkStyles } from './check-styles.ts';

// The style gate on a planted repository in a temp dir, so each rule is seen failing; and the real
// repository, which must pass it with its allow-list.

const planted: string[] = [];

afterEach(() => {
  for (const dir of planted.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository whose files are `{relative path: text}`. */
function plant(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cairn-styles-'));
  planted.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const header = "import { vars } from '@cairn/tokens';\nimport { style } from '@vanilla-extract/css';\n";

describe('style gate', () => {
  it('fails hex, functional and named colours and a numeric z-index in a ui style file', () => {
    const root = plant({
      'packages/ui/src/Card/Card.css.ts':
        `${header}export const card = style({\n` +
        "  color: '#fff',\n" +
        "  background: 'rgba(0, 0, 0, 0.5)',\n" +
        '  border: `1px solid red`,\n' +
        "  outlineColor: 'hsl(210 50% 40%)',\n" +
        '  zIndex: 5,\n' +
        '});\n',
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

  it('passes contract variables, comments, transparent, currentColor and look-alike words', () => {
    const root = plant({
      'packages/ui/src/Card/Card.css.ts':
        `${header}// Was '#fff' and zIndex: 5 before the tokens.\nexport const card = style({\n` +
        '  color: vars.color.text,\n' +
        "  background: 'transparent',\n" +
        "  borderColor: 'currentColor',\n" +
        "  whiteSpace: 'nowrap',\n" +
        '  selectors: { \'&[data-tone="bordered"]\': { zIndex: vars.zIndex.raised } },\n' +
        '});\n',
    });
    expect(checkStyles({ root, allowed: {} })).toEqual([]);
  });

  it('skips the line after a check-styles-ignore comment that says why', () => {
    const root = plant({
      'packages/ui/src/Fade.css.ts':
        `${header}export const fade = style({\n` +
        '  // check-styles-ignore: a mask reads only the alpha.\n' +
        "  maskImage: 'linear-gradient(transparent, black)',\n" +
        '});\n',
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
    const pinned = plant({
      'packages/ui/src/Table.css.ts': `${header}export const pin = style({ zIndex: 2 });\n`,
    });
    expect(checkStyles({ root: pinned, allowed })).toEqual([]);
    const cleaned = plant({ 'packages/ui/src/Table.css.ts': `${header}export const pin = style({});\n` });
    expect(checkStyles({ root: cleaned, allowed })).toEqual([
      'packages/ui/src/Table.css.ts: allowed a z-index literal until issue 1, and has none; ' +
        'remove it from STYLE_LITERALS_ALLOWED',
    ]);
  });

  it('passes on this repository', () => {
    expect(checkStyles()).toEqual([]);
  });
});
