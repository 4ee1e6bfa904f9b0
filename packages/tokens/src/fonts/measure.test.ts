// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { measureAverageCharWidth, measureFontScaleFactor } from './measure.ts';

// The browser path (real canvas, real fonts) is covered by the Tokens/Fonts story, whose screenshot shows
// every measured factor; here only the fallback where no 2D canvas exists.
describe('font measuring without a canvas', () => {
  it('reports no width and falls back to a neutral factor', () => {
    expect(measureAverageCharWidth('inter', document)).toBeUndefined();
    expect(measureFontScaleFactor('inter', document)).toBe(1);
    expect(measureFontScaleFactor('vela-sans', document)).toBe(1);
  });
});
