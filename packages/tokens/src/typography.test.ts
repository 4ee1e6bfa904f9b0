import { describe, expect, it } from 'vitest';
import { schemeTypeScales } from './theme/schemes/index.ts';
import {
  clampFontSizeDelta,
  MIN_READABLE_FONT_SIZE_PX,
  scaledFontSize,
  scaledLength,
  sizeScale,
  sizeScaleExpression,
} from './typography.ts';

describe('clampFontSizeDelta', () => {
  it('keeps deltas inside [-10, 10] as they are', () => {
    expect(clampFontSizeDelta(-10)).toBe(-10);
    expect(clampFontSizeDelta(0)).toBe(0);
    expect(clampFontSizeDelta(3)).toBe(3);
    expect(clampFontSizeDelta(10)).toBe(10);
  });

  it('clamps deltas beyond the bound to the bound', () => {
    expect(clampFontSizeDelta(-11)).toBe(-10);
    expect(clampFontSizeDelta(-1000)).toBe(-10);
    expect(clampFontSizeDelta(11)).toBe(10);
    expect(clampFontSizeDelta(Number.MAX_SAFE_INTEGER)).toBe(10);
  });

  it('rounds to whole pixels and treats non-numbers as no delta', () => {
    expect(clampFontSizeDelta(2.6)).toBe(3);
    expect(clampFontSizeDelta(Number.NaN)).toBe(0);
    expect(clampFontSizeDelta(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

const DELTAS = Array.from({ length: 21 }, (_, index) => index - 10);

describe.each(Object.entries(schemeTypeScales))('the %s scheme size scale', (_scheme, typeScale) => {
  it('is 1 without a delta and adds the delta in px to the body text above it', () => {
    expect(sizeScale(0, typeScale)).toBe(1);
    for (const delta of [1, 4, 10]) {
      expect(typeScale.md * sizeScale(delta, typeScale)).toBeCloseTo(typeScale.md + delta, 9);
    }
  });

  it('gives every delta its own size, smaller for smaller deltas', () => {
    const scales = DELTAS.map((delta) => sizeScale(delta, typeScale));
    for (let index = 1; index < scales.length; index++) {
      expect(scales[index]).toBeGreaterThan(scales[index - 1] as number);
    }
  });

  it('keeps the smallest text readable at the smallest delta, and reaches that floor there', () => {
    expect(typeScale.xs * sizeScale(-10, typeScale)).toBeCloseTo(MIN_READABLE_FONT_SIZE_PX, 9);
    expect(typeScale.xs * sizeScale(-9, typeScale)).toBeGreaterThan(MIN_READABLE_FONT_SIZE_PX);
  });

  it('clamps deltas beyond the bound and treats non-numbers as none', () => {
    expect(sizeScale(-40, typeScale)).toBe(sizeScale(-10, typeScale));
    expect(sizeScale(99, typeScale)).toBe(sizeScale(10, typeScale));
    expect(sizeScale(Number.NaN, typeScale)).toBe(1);
  });

  it('is the same number in CSS: the expression evaluated for each delta', () => {
    const expression = sizeScaleExpression(typeScale);
    for (const delta of DELTAS) {
      // The CSS calc with the variable replaced, evaluated with CSS's own min/max.
      const js = expression
        .replaceAll('var(--cairn-font-size-delta, 0)', String(delta))
        .replace(/^calc/, '')
        .replaceAll('max(', 'Math.max(')
        .replaceAll('min(', 'Math.min(');
      expect(Function(`return ${js}`)()).toBeCloseTo(sizeScale(delta, typeScale), 4);
    }
  });
});

describe('scaled lengths', () => {
  it('multiply the px by the scale, with the font width factor on text only and a rendered floor', () => {
    expect(scaledLength(12, 'S')).toBe('calc(12px * S)');
    expect(scaledLength(0, 'S')).toBe('0');
    expect(scaledFontSize(14, 'S')).toBe('max(6px, calc(14px * S * var(--cairn-font-scale, 1)))');
  });
});
