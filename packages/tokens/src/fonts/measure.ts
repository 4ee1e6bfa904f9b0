import { DEFAULT_FONT_ID, type FontId, fontStack } from './fonts.ts';
import { fontScaleFactor } from './scale.ts';

// Mixed case, digits and punctuation as they appear in report tables, so the average reflects what the
// panel actually renders rather than one glyph's width.
export const FONT_MEASURE_SAMPLE =
  'The quick brown fox jumps over the lazy dog. THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 0123456789 $%.,;:()';

const MEASURE_SIZE_PX = 100;

/**
 * The average advance width of the sample text in a font, in px at 100 px. Undefined where no 2D canvas
 * exists (server, jsdom), in which case callers treat the factor as 1.
 */
export function measureAverageCharWidth(id: FontId, doc: Document = document): number | undefined {
  const context = doc.createElement('canvas').getContext?.('2d');
  if (!context) return undefined;
  context.font = `400 ${MEASURE_SIZE_PX}px ${fontStack(id)}`;
  return context.measureText(FONT_MEASURE_SAMPLE).width / FONT_MEASURE_SAMPLE.length;
}

/** Measures the default and the chosen font and returns the chosen font's scale factor. */
export function measureFontScaleFactor(id: FontId, doc: Document = document): number {
  if (id === DEFAULT_FONT_ID) return 1;
  const defaultWidth = measureAverageCharWidth(DEFAULT_FONT_ID, doc);
  const chosenWidth = measureAverageCharWidth(id, doc);
  if (defaultWidth === undefined || chosenWidth === undefined) return 1;
  return fontScaleFactor(defaultWidth, chosenWidth);
}
