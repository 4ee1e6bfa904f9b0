import {
  type ColorScheme,
  type Contrast,
  cssVariables,
  DEFAULT_COLOR_SCHEME,
  DEFAULT_CONTRAST,
  DEFAULT_FONT_SIZE_DELTA,
  DEFAULT_THEME,
  type Theme,
} from '../constants.ts';
import { DEFAULT_FONT_ID, type FontId, fontStack, parseFontId } from '../fonts/fonts.ts';
import { consoleLogger, type TokensLogger } from '../logger.ts';
import { allThemeClassNames, themeClassName } from '../theme/classes.ts';
import { clampFontSizeDelta } from '../typography.ts';
import {
  colorSchemeSchema,
  contrastSchema,
  type DisplayPreferences,
  type StoredDisplayPreferences,
  themeSchema,
} from './storage.ts';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export const DEFAULT_DISPLAY_PREFERENCES: Readonly<DisplayPreferences> = {
  theme: DEFAULT_THEME,
  colorScheme: DEFAULT_COLOR_SCHEME,
  font: DEFAULT_FONT_ID,
  fontSizeDelta: DEFAULT_FONT_SIZE_DELTA,
  contrast: DEFAULT_CONTRAST,
};

/** A stored theme wins; without one the system's dark preference decides (SPEC.md section 4). */
export function resolveTheme(stored: Theme | undefined, systemPrefersDark: boolean): Theme {
  return stored ?? (systemPrefersDark ? 'dark' : 'light');
}

/** Like the theme: a stored contrast wins; without one the system's `prefers-contrast: more` decides. */
export function resolveContrast(stored: Contrast | undefined, systemPrefersMore: boolean): Contrast {
  return stored ?? (systemPrefersMore ? 'more' : 'standard');
}

export function resolveDisplayPreferences(
  stored: StoredDisplayPreferences,
  systemPrefersDark: boolean,
  systemPrefersMoreContrast = false,
): DisplayPreferences {
  return {
    ...DEFAULT_DISPLAY_PREFERENCES,
    ...stored,
    theme: resolveTheme(stored.theme, systemPrefersDark),
    contrast: resolveContrast(stored.contrast, systemPrefersMoreContrast),
  };
}

export interface AppliedDisplayPreferences extends Omit<DisplayPreferences, 'contrast'> {
  /** Standard when left out, so callers that know nothing of contrast keep the scheme's own palette. */
  contrast?: Contrast;
  /** The chosen font's scale factor (see measureFontScaleFactor); 1 when not measured. */
  fontScale?: number;
}

function validScheme(value: unknown, logger: TokensLogger): ColorScheme {
  const parsed = colorSchemeSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  logger.warn('Invalid colour scheme, using the default', value);
  return DEFAULT_COLOR_SCHEME;
}

function validContrast(value: unknown, logger: TokensLogger): Contrast {
  if (value === undefined) return DEFAULT_CONTRAST;
  const parsed = contrastSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  logger.warn('Invalid contrast, using the default', value);
  return DEFAULT_CONTRAST;
}

function validTheme(value: unknown, logger: TokensLogger): Theme {
  const parsed = themeSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  logger.warn('Invalid theme, using the default', value);
  return DEFAULT_THEME;
}

/**
 * Puts the display preferences on a root element (normally `document.documentElement`): the scheme x
 * theme x contrast class, and the custom properties every font token derives from. Values arriving from
 * outside the type system (URL, storage, a toolbar) are validated here too: invalid ones are logged and
 * replaced by defaults, never thrown.
 */
export function applyDisplayPreferences(
  root: HTMLElement,
  preferences: AppliedDisplayPreferences,
  logger: TokensLogger = consoleLogger,
): void {
  const scheme = validScheme(preferences.colorScheme, logger);
  const theme = validTheme(preferences.theme, logger);
  const contrast = validContrast(preferences.contrast, logger);
  const font: FontId = parseFontId(preferences.font, logger) ?? DEFAULT_FONT_ID;
  const delta = clampFontSizeDelta(preferences.fontSizeDelta);
  const scale = preferences.fontScale !== undefined && preferences.fontScale > 0 ? preferences.fontScale : 1;

  root.classList.remove(...allThemeClassNames);
  root.classList.add(themeClassName(scheme, theme, contrast));
  // Unitless: the scheme classes turn it into their own size scale (typography.ts).
  root.style.setProperty(cssVariables.fontSizeDelta, String(delta));
  root.style.setProperty(cssVariables.fontScale, String(scale));
  root.style.setProperty(cssVariables.fontFamily, fontStack(font));
  // Lets native controls, scrollbars and autofill follow the theme.
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
  root.dataset.colorScheme = scheme;
  root.dataset.contrast = contrast;
  root.dataset.font = font;
}
