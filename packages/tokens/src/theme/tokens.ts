import { cssVariables } from '../constants.ts';
import { DEFAULT_FONT_ID, fontStack } from '../fonts/fonts.ts';
import { scaledFontSize, scaledLength, sizeScaleExpression, type TypeScale } from '../typography.ts';
import type { ThemeVars } from './contract.css.ts';

type Leaves<T> = { [K in keyof T]: T[K] extends string ? string : Leaves<T[K]> };

/** The plain values one scheme x theme assigns to every contract variable. */
export type ThemeTokens = Leaves<ThemeVars>;

export type ColourTokens = Pick<ThemeTokens, 'color' | 'toast' | 'table' | 'chart'>;
export type LayoutTokens = Omit<ThemeTokens, keyof ColourTokens>;

export interface SchemeTokens {
  readonly light: ThemeTokens;
  readonly dark: ThemeTokens;
}

type Lengths<K extends string> = Readonly<Record<K, number>>;

/**
 * One scheme's sizes as px numbers, multiplied by the scheme's size scale in CSS: the user's size
 * preference moves type, space, controls and table rows together (see typography.ts).
 */
function scaled<K extends string>(lengths: Lengths<K>, typeScale: TypeScale): Record<K, string> {
  const scale = sizeScaleExpression(typeScale);
  const entries = Object.entries(lengths) as [K, number][];
  return Object.fromEntries(entries.map(([key, px]) => [key, scaledLength(px, scale)])) as Record<K, string>;
}

function fontSizes(typeScale: TypeScale): ThemeTokens['fontSize'] {
  const scale = sizeScaleExpression(typeScale);
  const entries = Object.entries(typeScale) as [keyof TypeScale, number][];
  return Object.fromEntries(
    entries.map(([step, px]) => [step, scaledFontSize(px, scale)]),
  ) as ThemeTokens['fontSize'];
}

interface ScaledSizes {
  readonly controlSm: number;
  readonly controlMd: number;
  readonly controlLg: number;
  readonly tableRow: number;
  readonly tableHeader: number;
}

// The focus ring keeps its width at every scale: it is a stroke, not a size. The scale itself is a token
// too, for what is sized outside the token set (icons drawn at their own px size).
function sizes(values: ScaledSizes, typeScale: TypeScale, focusRingWidth: string): ThemeTokens['size'] {
  return { scale: sizeScaleExpression(typeScale), ...scaled(values, typeScale), focusRingWidth };
}

// The body font is a user preference, not a scheme property: every scheme reads the root's font
// variable and only falls back to the default font when none is set.
const font: ThemeTokens['font'] = {
  body: `var(${cssVariables.fontFamily}, ${fontStack(DEFAULT_FONT_ID)})`,
  mono: fontStack('liberation-mono'),
};

export const COMFORTABLE_TYPE: TypeScale = { xs: 11, sm: 12, md: 14, lg: 16, xl: 20, xxl: 26 };
export const DENSE_TYPE: TypeScale = { xs: 10, sm: 11, md: 12, lg: 13, xl: 16, xxl: 20 };
export const BOLD_TYPE: TypeScale = { xs: 11, sm: 13, md: 14, lg: 17, xl: 22, xxl: 30 };

const fontWeight: ThemeTokens['fontWeight'] = { regular: '400', medium: '500', semibold: '600', bold: '700' };

// Menus sit above dialogs because dialogs hold selects and date pickers; toasts and the navigation
// progress bar stay visible over an open dialog; a tooltip explains whatever it is over, so it tops all.
const zIndex: ThemeTokens['zIndex'] = {
  raised: '10',
  overlay: '800',
  dialog: '801',
  menu: '900',
  toast: '1000',
  progress: '1100',
  tooltip: '1200',
};

/** Roomy sizes of the default scheme. */
export function comfortableLayout(shadowColour: string): LayoutTokens {
  return {
    font,
    fontSize: fontSizes(COMFORTABLE_TYPE),
    fontWeight,
    lineHeight: { tight: '1.25', normal: '1.5' },
    space: scaled({ none: 0, xxs: 2, xs: 4, sm: 8, md: 12, lg: 16, xl: 24, xxl: 32 }, COMFORTABLE_TYPE),
    radius: { none: '0', sm: '4px', md: '6px', lg: '10px', full: '9999px' },
    shadow: {
      sm: `0 1px 2px ${shadowColour}`,
      md: `0 4px 12px ${shadowColour}`,
      lg: `0 12px 32px ${shadowColour}`,
    },
    size: sizes(
      { controlSm: 28, controlMd: 34, controlLg: 40, tableRow: 36, tableHeader: 40 },
      COMFORTABLE_TYPE,
      '2px',
    ),
    motion: { fast: '120ms', normal: '200ms' },
    zIndex,
  };
}

/** The classic dense look of older tracker panels: small type, tight spacing, nearly square corners. */
export function denseLayout(shadowColour: string): LayoutTokens {
  return {
    font,
    fontSize: fontSizes(DENSE_TYPE),
    fontWeight,
    lineHeight: { tight: '1.2', normal: '1.4' },
    space: scaled({ none: 0, xxs: 1, xs: 2, sm: 4, md: 6, lg: 10, xl: 16, xxl: 24 }, DENSE_TYPE),
    radius: { none: '0', sm: '2px', md: '2px', lg: '3px', full: '9999px' },
    shadow: {
      sm: `0 1px 1px ${shadowColour}`,
      md: `0 2px 4px ${shadowColour}`,
      lg: `0 4px 10px ${shadowColour}`,
    },
    size: sizes(
      { controlSm: 22, controlMd: 26, controlLg: 30, tableRow: 24, tableHeader: 26 },
      DENSE_TYPE,
      '2px',
    ),
    motion: { fast: '80ms', normal: '150ms' },
    zIndex,
  };
}

/** The creative scheme: larger display sizes, round shapes, thicker focus ring. */
export function boldLayout(shadowColour: string): LayoutTokens {
  return {
    font,
    fontSize: fontSizes(BOLD_TYPE),
    fontWeight,
    lineHeight: { tight: '1.2', normal: '1.5' },
    space: scaled({ none: 0, xxs: 2, xs: 4, sm: 8, md: 12, lg: 18, xl: 26, xxl: 36 }, BOLD_TYPE),
    radius: { none: '0', sm: '6px', md: '10px', lg: '16px', full: '9999px' },
    shadow: {
      sm: `0 1px 3px ${shadowColour}`,
      md: `0 6px 16px ${shadowColour}`,
      lg: `0 16px 40px ${shadowColour}`,
    },
    size: sizes(
      { controlSm: 30, controlMd: 36, controlLg: 44, tableRow: 38, tableHeader: 42 },
      BOLD_TYPE,
      '3px',
    ),
    motion: { fast: '120ms', normal: '220ms' },
    zIndex,
  };
}
