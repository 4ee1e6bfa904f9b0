import { cssVariables, FONT_SIZE_DELTA_MAX, FONT_SIZE_DELTA_MIN } from './constants.ts';

/** Clamps a font-size delta to the [-10, 10] px bound of SPEC.md section 5; non-finite input means no delta. */
export function clampFontSizeDelta(delta: number): number {
  if (!Number.isFinite(delta)) return 0;
  return Math.min(FONT_SIZE_DELTA_MAX, Math.max(FONT_SIZE_DELTA_MIN, Math.round(delta)));
}

// The smallest step of the type scale never goes below this at the smallest delta: captions and table
// footers stay readable, and every delta down to -10 still shrinks a little more than the one before.
export const MIN_READABLE_FONT_SIZE_PX = 9;

// A last guard under the chosen font's width factor, which multiplies text only.
export const MIN_RENDERED_FONT_SIZE_PX = 6;

/** The px sizes of one scheme's type steps. */
export interface TypeScale {
  readonly xs: number;
  readonly sm: number;
  readonly md: number;
  readonly lg: number;
  readonly xl: number;
  readonly xxl: number;
}

/**
 * How far a positive and a negative delta step moves the scale of one scheme. A positive delta adds its
 * px to the body text (SPEC's "font size delta"); a negative one walks linearly down to the scale at
 * which the smallest step reads MIN_READABLE_FONT_SIZE_PX, so -10 is the floor and no two deltas
 * collapse onto one size.
 */
export function scaleSteps(typeScale: TypeScale): { up: number; down: number } {
  const floor = Math.min(1, MIN_READABLE_FONT_SIZE_PX / typeScale.xs);
  return { up: 1 / typeScale.md, down: (1 - floor) / -FONT_SIZE_DELTA_MIN };
}

/**
 * The factor one delta multiplies every size of a scheme by: type, space, controls, table rows and icons
 * together, so a larger setting never leaves text clipped in a control of the old size.
 */
export function sizeScale(delta: number, typeScale: TypeScale): number {
  const clamped = clampFontSizeDelta(delta);
  const { up, down } = scaleSteps(typeScale);
  return 1 + Math.max(0, clamped) * up + Math.min(0, clamped) * down;
}

// Five decimals keep the CSS exact to a hundredth of a px at the largest size while staying readable.
function decimal(value: number): string {
  return String(Number(value.toFixed(5)));
}

/**
 * sizeScale as a CSS expression over the root's unitless delta variable, so the scheme class alone
 * decides the scale: a wrapper with another scheme's class (side-by-side views) scales by its own steps.
 */
export function sizeScaleExpression(typeScale: TypeScale): string {
  const delta = `var(${cssVariables.fontSizeDelta}, 0)`;
  const { up, down } = scaleSteps(typeScale);
  return `calc(1 + max(0, ${delta}) * ${decimal(up)} + min(0, ${delta}) * ${decimal(down)})`;
}

/** A length of the scheme multiplied by its size scale (a theme-contract variable). */
export function scaledLength(basePx: number, scaleVariable: string): string {
  return basePx === 0 ? '0' : `calc(${basePx}px * ${scaleVariable})`;
}

/**
 * The CSS value of one step of the type scale: the scheme's base size times its size scale and the
 * chosen font's width factor, never under the rendered floor.
 */
export function scaledFontSize(basePx: number, scaleVariable: string): string {
  const fontScale = `var(${cssVariables.fontScale}, 1)`;
  return `max(${MIN_RENDERED_FONT_SIZE_PX}px, calc(${basePx}px * ${scaleVariable} * ${fontScale}))`;
}
