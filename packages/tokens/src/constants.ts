// The vocabularies of SPEC.md sections 3, 5 and 9, kept `as const` so every consumer gets literal types.

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const COLOR_SCHEMES = ['default', 'legacy', 'creative'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

/**
 * The contrast preference, beside the scheme rather than a fourth scheme (SPEC.md section 5 allows only
 * three): `more` lays the high-contrast palette of the current theme over whichever scheme is chosen,
 * keeping that scheme's density and type. Without a stored choice it follows `prefers-contrast: more`.
 */
export const CONTRASTS = ['standard', 'more'] as const;
export type Contrast = (typeof CONTRASTS)[number];

export const DEFAULT_THEME: Theme = 'light';
export const DEFAULT_CONTRAST: Contrast = 'standard';
export const DEFAULT_COLOR_SCHEME: ColorScheme = 'default';

export const FONT_SIZE_DELTA_MIN = -10;
export const FONT_SIZE_DELTA_MAX = 10;
export const DEFAULT_FONT_SIZE_DELTA = 0;

export const FONT_LOAD_TIMEOUT_MS = 3000;
export const FONT_SETTINGS_DEBOUNCE_MS = 150;
export const FONT_WEIGHTS = [400, 500, 600, 700] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

// Custom properties set on the document root by applyDisplayPreferences. They live outside the theme
// contract on purpose: they are user preferences that apply across every scheme and theme, and the
// scheme classes derive their font tokens from them.
export const cssVariables = {
  fontSizeDelta: '--cairn-font-size-delta',
  fontScale: '--cairn-font-scale',
  fontFamily: '--cairn-font-family',
} as const;

export const STORAGE_KEYS = {
  theme: 'cairn.theme',
  colorScheme: 'cairn.colorScheme',
  font: 'cairn.font',
  fontSizeDelta: 'cairn.fontSizeDelta',
  contrast: 'cairn.contrast',
} as const;

// The user's system preferences that styles answer with media queries. Named once so ui's recipes, the
// panel's own styles and any script that moves something (a smooth scroll) ask the same question.
/** The user asked the system for less motion: animations and transitions stop or slow down. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** The user asked the system for more contrast: the contrast preference follows it until one is stored. */
export const MORE_CONTRAST_QUERY = '(prefers-contrast: more)';
/** Windows High Contrast and the like: the system paints with its own few colours. */
export const FORCED_COLORS_QUERY = '(forced-colors: active)';
