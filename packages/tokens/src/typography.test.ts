import { describe, expect, it } from 'vitest';
import { clampFontSizeDelta, fontSizeFromDelta } from './typography.ts';

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

describe('fontSizeFromDelta', () => {
  it('derives the size from the delta and scale variables with a legibility floor', () => {
    expect(fontSizeFromDelta(14)).toBe(
      'max(6px, calc((14px + var(--cairn-font-size-delta, 0px)) * var(--cairn-font-scale, 1)))',
    );
  });
});
