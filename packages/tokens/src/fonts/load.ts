import { FONT_LOAD_TIMEOUT_MS, FONT_WEIGHTS } from '../constants.ts';
import { consoleLogger, type TokensLogger } from '../logger.ts';
import { FONTS, parseFontId } from './fonts.ts';

export type FontLoadResult = 'loaded' | 'unavailable' | 'timeout' | 'failed' | 'invalid';

export interface LoadFontOptions {
  doc?: Document;
  timeoutMs?: number;
  logger?: TokensLogger;
}

/**
 * Loads every weight of a font and resolves with what happened; it never rejects (SPEC.md section 8:
 * font errors are logged only). 'unavailable' means the browser found no face for the family (the
 * fallback stack renders instead), as when a font's files are missing from the build.
 */
export async function loadFont(fontId: unknown, options: LoadFontOptions = {}): Promise<FontLoadResult> {
  const logger = options.logger ?? consoleLogger;
  const id = parseFontId(fontId, logger);
  if (!id) return 'invalid';
  const fontFaces = (options.doc ?? globalThis.document)?.fonts;
  if (!fontFaces) return 'unavailable';

  const family = FONTS[id].family;
  const timeoutMs = options.timeoutMs ?? FONT_LOAD_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const load = Promise.all(FONT_WEIGHTS.map((weight) => fontFaces.load(`${weight} 16px '${family}'`))).then(
    (faces): FontLoadResult => (faces.some((loaded) => loaded.length > 0) ? 'loaded' : 'unavailable'),
    (error: unknown): FontLoadResult => {
      logger.warn(`Font ${family} failed to load`, error);
      return 'failed';
    },
  );

  const result = await Promise.race([load, timeout]);
  clearTimeout(timer);
  if (result === 'timeout') logger.warn(`Font ${family} did not load within ${timeoutMs} ms`);
  return result;
}
