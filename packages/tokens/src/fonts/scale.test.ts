import { describe, expect, it } from 'vitest';
import { fontScaleFactor } from './scale.ts';

describe('fontScaleFactor', () => {
  it('is the default width over the chosen width', () => {
    expect(fontScaleFactor(8, 8)).toBe(1);
    expect(fontScaleFactor(8, 10)).toBe(0.8);
    expect(fontScaleFactor(10, 8)).toBe(1.25);
  });

  it('rounds to three decimals', () => {
    expect(fontScaleFactor(1, 3)).toBe(0.333);
    expect(fontScaleFactor(2, 3)).toBe(0.667);
    expect(fontScaleFactor(52.71, 60.02)).toBe(0.878);
  });

  it('gives 1 when either width could not be measured', () => {
    expect(fontScaleFactor(0, 8)).toBe(1);
    expect(fontScaleFactor(8, 0)).toBe(1);
    expect(fontScaleFactor(-3, 8)).toBe(1);
    expect(fontScaleFactor(Number.NaN, 8)).toBe(1);
    expect(fontScaleFactor(8, Number.POSITIVE_INFINITY)).toBe(1);
  });
});
