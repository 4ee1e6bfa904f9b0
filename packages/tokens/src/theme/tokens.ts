import { cssVariables } from '../constants.ts';
import { DEFAULT_FONT_ID, fontStack } from '../fonts/fonts.ts';
import { fontSizeFromDelta } from '../typography.ts';
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

interface TypeScale {
  xs: number;
  sm: number;
  md: number;
  lg: number;
  xl: number;
  xxl: number;
}

function fontSizes(scale: TypeScale): ThemeTokens['fontSize'] {
  return {
    xs: fontSizeFromDelta(scale.xs),
    sm: fontSizeFromDelta(scale.sm),
    md: fontSizeFromDelta(scale.md),
    lg: fontSizeFromDelta(scale.lg),
    xl: fontSizeFromDelta(scale.xl),
    xxl: fontSizeFromDelta(scale.xxl),
  };
}

// The body font is a user preference, not a scheme property: every scheme reads the root's font
// variable and only falls back to the default font when none is set.
const font: ThemeTokens['font'] = {
  body: `var(${cssVariables.fontFamily}, ${fontStack(DEFAULT_FONT_ID)})`,
  mono: fontStack('liberation-mono'),
};

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
    fontSize: fontSizes({ xs: 11, sm: 12, md: 14, lg: 16, xl: 20, xxl: 26 }),
    fontWeight,
    lineHeight: { tight: '1.25', normal: '1.5' },
    space: { none: '0', xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '32px' },
    radius: { none: '0', sm: '4px', md: '6px', lg: '10px', full: '9999px' },
    shadow: {
      sm: `0 1px 2px ${shadowColour}`,
      md: `0 4px 12px ${shadowColour}`,
      lg: `0 12px 32px ${shadowColour}`,
    },
    size: {
      controlSm: '28px',
      controlMd: '34px',
      controlLg: '40px',
      tableRow: '36px',
      tableHeader: '40px',
      focusRingWidth: '2px',
    },
    motion: { fast: '120ms', normal: '200ms' },
    zIndex,
  };
}

/** The classic dense look of older tracker panels: small type, tight spacing, nearly square corners. */
export function denseLayout(shadowColour: string): LayoutTokens {
  return {
    font,
    fontSize: fontSizes({ xs: 10, sm: 11, md: 12, lg: 13, xl: 16, xxl: 20 }),
    fontWeight,
    lineHeight: { tight: '1.2', normal: '1.4' },
    space: { none: '0', xxs: '1px', xs: '2px', sm: '4px', md: '6px', lg: '10px', xl: '16px', xxl: '24px' },
    radius: { none: '0', sm: '2px', md: '2px', lg: '3px', full: '9999px' },
    shadow: {
      sm: `0 1px 1px ${shadowColour}`,
      md: `0 2px 4px ${shadowColour}`,
      lg: `0 4px 10px ${shadowColour}`,
    },
    size: {
      controlSm: '22px',
      controlMd: '26px',
      controlLg: '30px',
      tableRow: '24px',
      tableHeader: '26px',
      focusRingWidth: '2px',
    },
    motion: { fast: '80ms', normal: '150ms' },
    zIndex,
  };
}

/** The creative scheme: larger display sizes, round shapes, thicker focus ring. */
export function boldLayout(shadowColour: string): LayoutTokens {
  return {
    font,
    fontSize: fontSizes({ xs: 11, sm: 13, md: 14, lg: 17, xl: 22, xxl: 30 }),
    fontWeight,
    lineHeight: { tight: '1.2', normal: '1.5' },
    space: { none: '0', xxs: '2px', xs: '4px', sm: '8px', md: '12px', lg: '18px', xl: '26px', xxl: '36px' },
    radius: { none: '0', sm: '6px', md: '10px', lg: '16px', full: '9999px' },
    shadow: {
      sm: `0 1px 3px ${shadowColour}`,
      md: `0 6px 16px ${shadowColour}`,
      lg: `0 16px 40px ${shadowColour}`,
    },
    size: {
      controlSm: '30px',
      controlMd: '36px',
      controlLg: '44px',
      tableRow: '38px',
      tableHeader: '42px',
      focusRingWidth: '3px',
    },
    motion: { fast: '120ms', normal: '220ms' },
    zIndex,
  };
}
