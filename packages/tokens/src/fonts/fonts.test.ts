import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FONT_WEIGHTS } from '../constants.ts';
import type { TokensLogger } from '../logger.ts';
import { DEFAULT_FONT_ID, FONT_IDS, FONTS, fontStack, isFontId, parseFontId } from './fonts.ts';

function recordingLogger() {
  const messages: string[] = [];
  const logger: TokensLogger = { warn: (message) => messages.push(message) };
  return { logger, messages };
}

describe('fonts', () => {
  it('offers the nine fonts of the spec with Vela Sans as default', () => {
    expect(FONT_IDS.map((id) => FONTS[id].label)).toEqual([
      'Vela Sans',
      'Fira Code',
      'IBM Plex Mono',
      'Inter',
      'Liberation Mono',
      'Montserrat',
      'Open Sans',
      'Roboto',
      'Source Code Pro',
    ]);
    expect(FONTS[DEFAULT_FONT_ID].label).toBe('Vela Sans');
  });

  it('loads the two fonts no npm package ships from the static font path', () => {
    const staticFonts = FONT_IDS.filter((id) => FONTS[id].source === 'static');
    expect(staticFonts).toEqual(['vela-sans', 'liberation-mono']);
  });

  // The built-panel and built-Storybook test (e2e/fonts.test.ts) proves the faces load; this one names the
  // missing import at once, without a build.
  it('declares a face of every weight for each family an npm package ships', () => {
    const stylesheet = readFileSync(new URL('./font-faces.css', import.meta.url), 'utf8');
    const imported = [...stylesheet.matchAll(/^@import ["']@fontsource\/([a-z-]+)\/(\d+)\.css["'];$/gm)].map(
      ([, id, weight]) => `${id}/${weight}`,
    );
    const expected = FONT_IDS.filter((id) => FONTS[id].source === 'fontsource').flatMap((id) =>
      FONT_WEIGHTS.map((weight) => `${id}/${weight}`),
    );
    expect(imported.toSorted()).toEqual(expected.toSorted());
  });

  it('falls back to a stack of the same kind', () => {
    expect(fontStack('inter')).toMatch(/^'Inter', .*sans-serif$/);
    expect(fontStack('liberation-mono')).toMatch(/^'Liberation Mono', .*monospace$/);
    expect(fontStack('fira-code')).toMatch(/monospace$/);
  });

  it('accepts every known id', () => {
    const { logger, messages } = recordingLogger();
    for (const id of FONT_IDS) expect(parseFontId(id, logger)).toBe(id);
    expect(messages).toEqual([]);
  });

  it('rejects and logs an unknown font', () => {
    const { logger, messages } = recordingLogger();
    expect(parseFontId('Comic Sans', logger)).toBeUndefined();
    expect(parseFontId('Inter', logger)).toBeUndefined(); // labels are not ids
    expect(parseFontId(42, logger)).toBeUndefined();
    expect(messages).toEqual(['Invalid font rejected', 'Invalid font rejected', 'Invalid font rejected']);
    expect(isFontId('toString')).toBe(false);
  });
});
