// Side effects: the @font-face rules of every selectable font, and the scheme x theme classes. That is
// why package.json lists this file under sideEffects: otherwise a production build takes the re-exports
// past it and drops these imports, emitting the font files while linking none of their rules.
import './fonts/font-faces.css';
import './fonts/font-faces.css.ts';

export {
  COLOR_SCHEMES,
  CONTRASTS,
  type ColorScheme,
  type Contrast,
  cssVariables,
  DEFAULT_COLOR_SCHEME,
  DEFAULT_CONTRAST,
  DEFAULT_FONT_SIZE_DELTA,
  DEFAULT_THEME,
  FONT_LOAD_TIMEOUT_MS,
  FONT_SETTINGS_DEBOUNCE_MS,
  FONT_SIZE_DELTA_MAX,
  FONT_SIZE_DELTA_MIN,
  FONT_WEIGHTS,
  FORCED_COLORS_QUERY,
  type FontWeight,
  MORE_CONTRAST_QUERY,
  REDUCED_MOTION_QUERY,
  STORAGE_KEYS,
  THEMES,
  type Theme,
} from './constants.ts';
export { type Debounced, debounce } from './debounce.ts';
export {
  DEFAULT_FONT_ID,
  FALLBACK_STACKS,
  FONT_IDS,
  FONTS,
  type FontDefinition,
  type FontId,
  type FontKind,
  fontStack,
  isFontId,
  parseFontId,
  STATIC_FONT_BASE_PATH,
} from './fonts/fonts.ts';
export { type FontLoadResult, type LoadFontOptions, loadFont } from './fonts/load.ts';
export { FONT_MEASURE_SAMPLE, measureAverageCharWidth, measureFontScaleFactor } from './fonts/measure.ts';
export { fontScaleFactor } from './fonts/scale.ts';
export { consoleLogger, type TokensLogger } from './logger.ts';
export {
  type AppliedDisplayPreferences,
  applyDisplayPreferences,
  DARK_SCHEME_QUERY,
  DEFAULT_DISPLAY_PREFERENCES,
  resolveContrast,
  resolveDisplayPreferences,
  resolveTheme,
} from './preferences/apply.ts';
export {
  createDisplayPreferencesController,
  type DisplayPreferencesController,
  type DisplayPreferencesControllerOptions,
} from './preferences/controller.ts';
export {
  colorSchemeSchema,
  contrastSchema,
  type DisplayPreferenceKey,
  type DisplayPreferences,
  fontIdSchema,
  fontSizeDeltaSchema,
  type PreferenceSchema,
  readStoredPreferences,
  type StoredDisplayPreferences,
  themeSchema,
  writeStoredPreference,
} from './preferences/storage.ts';
export {
  allThemeClassNames,
  moreContrastClassNames,
  themeClassName,
  themeClassNames,
} from './theme/classes.ts';
export { type ThemeVars, vars } from './theme/contract.css.ts';
export {
  AA_NON_TEXT_CONTRAST,
  AA_TEXT_CONTRAST,
  AAA_TEXT_CONTRAST,
  contrastRatio,
  relativeLuminance,
} from './theme/contrast.ts';
export { highContrastColours } from './theme/schemes/highContrast.ts';
export { schemeTokens, schemeTypeScales } from './theme/schemes/index.ts';
export type { ColourTokens, LayoutTokens, SchemeTokens, ThemeTokens } from './theme/tokens.ts';
export {
  clampFontSizeDelta,
  MIN_READABLE_FONT_SIZE_PX,
  MIN_RENDERED_FONT_SIZE_PX,
  scaledFontSize,
  scaledLength,
  sizeScale,
  sizeScaleExpression,
  type TypeScale,
} from './typography.ts';
