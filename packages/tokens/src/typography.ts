import { cssVariables, FONT_SIZE_DELTA_MAX, FONT_SIZE_DELTA_MIN } from './constants.ts';

/** Clamps a font-size delta to the [-10, 10] px bound of SPEC.md section 5; non-finite input means no delta. */
export function clampFontSizeDelta(delta: number): number {
  if (!Number.isFinite(delta)) return 0;
  return Math.min(FONT_SIZE_DELTA_MAX, Math.max(FONT_SIZE_DELTA_MIN, Math.round(delta)));
}

// Below this, glyphs turn into smudges; the dense scheme's smallest step minus the full -10 delta would
// otherwise reach 0 px.
export const MIN_RENDERED_FONT_SIZE_PX = 6;

/**
 * The CSS value of one step of the type scale: the scheme's base size plus the user's delta, times the
 * chosen font's scale factor. Every `vars.fontSize.*` is built from this, so one custom property moves
 * every text size at once.
 */
export function fontSizeFromDelta(basePx: number): string {
  const delta = `var(${cssVariables.fontSizeDelta}, 0px)`;
  const scale = `var(${cssVariables.fontScale}, 1)`;
  return `max(${MIN_RENDERED_FONT_SIZE_PX}px, calc((${basePx}px + ${delta}) * ${scale}))`;
}
