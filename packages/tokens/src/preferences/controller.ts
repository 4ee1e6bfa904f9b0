import { FONT_SETTINGS_DEBOUNCE_MS, MORE_CONTRAST_QUERY } from '../constants.ts';
import { debounce } from '../debounce.ts';
import { DEFAULT_FONT_ID, type FontId, parseFontId } from '../fonts/fonts.ts';
import { type FontLoadResult, loadFont } from '../fonts/load.ts';
import { measureFontScaleFactor } from '../fonts/measure.ts';
import { consoleLogger, type TokensLogger } from '../logger.ts';
import {
  applyDisplayPreferences,
  DARK_SCHEME_QUERY,
  resolveContrast,
  resolveDisplayPreferences,
  resolveTheme,
} from './apply.ts';
import {
  colorSchemeSchema,
  contrastSchema,
  type DisplayPreferences,
  fontSizeDeltaSchema,
  readStoredPreferences,
  themeSchema,
  writeStoredPreference,
} from './storage.ts';

export interface DisplayPreferencesControllerOptions {
  root: HTMLElement;
  storage: Storage;
  /** Source of matchMedia; the system dark and more-contrast preferences are read and watched through it. */
  matchMedia: (query: string) => MediaQueryList;
  logger?: TokensLogger;
  /** Loads the chosen font before its width is measured; injectable so tests can drive it. */
  loadFont?: (font: FontId) => Promise<FontLoadResult>;
  /** Measures the chosen font's scale factor once it loaded. */
  measureScale?: (font: FontId) => number;
  debounceMs?: number;
}

export interface DisplayPreferencesController {
  current(): Readonly<DisplayPreferences>;
  setTheme(theme: unknown): void;
  toggleTheme(): void;
  setColorScheme(scheme: unknown): void;
  /** `standard` or `more`: the latter lays the theme's high-contrast palette over the chosen scheme. */
  setContrast(contrast: unknown): void;
  /** Debounced: a settings screen may fire this on every keystroke or slider step. */
  setFont(font: unknown): void;
  /** Debounced like setFont; the value is clamped to [-10, 10]. */
  setFontSizeDelta(delta: unknown): void;
  /**
   * Calls the listener after every change of current(), including the ones nobody asked for (the
   * system switching light/dark while no theme is stored); returns the unsubscribe function.
   */
  subscribe(listener: () => void): () => void;
  /** Resolves once pending font work (debounce, load, measure) is done. */
  settled(): Promise<void>;
  dispose(): void;
}

/**
 * Owns the display preferences of one document: reads and validates what is stored, applies it to the
 * root, saves each change, follows the system light/dark and contrast preferences while the user has not
 * chosen, and on a system change re-applies the stored theme (SPEC.md section 4).
 */
export function createDisplayPreferencesController(
  options: DisplayPreferencesControllerOptions,
): DisplayPreferencesController {
  const { root, storage } = options;
  const logger = options.logger ?? consoleLogger;
  const load = options.loadFont ?? ((font: FontId) => loadFont(font, { logger }));
  const measure =
    options.measureScale ?? ((font: FontId) => measureFontScaleFactor(font, root.ownerDocument));
  const darkQuery = options.matchMedia(DARK_SCHEME_QUERY);
  const contrastQuery = options.matchMedia(MORE_CONTRAST_QUERY);

  let preferences = resolveDisplayPreferences(
    readStoredPreferences(storage, logger),
    darkQuery.matches,
    contrastQuery.matches,
  );
  let fontScale = 1;
  let fontWork: Promise<void> = Promise.resolve();
  const listeners = new Set<() => void>();
  const update = (next: DisplayPreferences) => {
    preferences = next;
    for (const listener of listeners) listener();
  };

  const apply = () => applyDisplayPreferences(root, { ...preferences, fontScale }, logger);

  const refreshFont = (font: FontId) => {
    fontWork = load(font).then(
      (result) => {
        // A stale load (the user picked another font meanwhile) must not overwrite the newer scale.
        if (preferences.font !== font) return;
        fontScale = result === 'loaded' || font === DEFAULT_FONT_ID ? measure(font) : 1;
        apply();
      },
      (error: unknown) => logger.warn('Font work failed', error),
    );
  };

  const applyFontSettings = debounce(() => {
    apply();
    refreshFont(preferences.font);
  }, options.debounceMs ?? FONT_SETTINGS_DEBOUNCE_MS);

  apply();
  refreshFont(preferences.font);

  const onSystemChange = () => {
    const stored = readStoredPreferences(storage, logger);
    const theme = resolveTheme(stored.theme, darkQuery.matches);
    const contrast = resolveContrast(stored.contrast, contrastQuery.matches);
    if (theme !== preferences.theme || contrast !== preferences.contrast)
      update({ ...preferences, theme, contrast });
    // Applied even when unchanged: the stored theme wins again over whatever the system change did.
    apply();
  };
  darkQuery.addEventListener('change', onSystemChange);
  contrastQuery.addEventListener('change', onSystemChange);

  // A plain function rather than a method, so callers may pass setTheme/toggleTheme around unbound.
  const setTheme = (theme: unknown) => {
    const parsed = themeSchema.safeParse(theme);
    if (!parsed.success) return logger.warn('Invalid theme rejected', theme);
    update({ ...preferences, theme: parsed.data });
    writeStoredPreference(storage, 'theme', parsed.data, logger);
    apply();
  };

  return {
    current: () => preferences,
    setTheme,
    toggleTheme: () => setTheme(preferences.theme === 'dark' ? 'light' : 'dark'),
    setColorScheme(scheme) {
      const parsed = colorSchemeSchema.safeParse(scheme);
      if (!parsed.success) return logger.warn('Invalid colour scheme rejected', scheme);
      update({ ...preferences, colorScheme: parsed.data });
      writeStoredPreference(storage, 'colorScheme', parsed.data, logger);
      apply();
    },
    setContrast(contrast) {
      const parsed = contrastSchema.safeParse(contrast);
      if (!parsed.success) return logger.warn('Invalid contrast rejected', contrast);
      update({ ...preferences, contrast: parsed.data });
      writeStoredPreference(storage, 'contrast', parsed.data, logger);
      apply();
    },
    setFont(font) {
      const id = parseFontId(font, logger);
      if (!id) return;
      update({ ...preferences, font: id });
      writeStoredPreference(storage, 'font', id, logger);
      applyFontSettings();
    },
    setFontSizeDelta(delta) {
      const parsed = fontSizeDeltaSchema.safeParse(delta);
      if (!parsed.success) return logger.warn('Invalid font size delta rejected', delta);
      update({ ...preferences, fontSizeDelta: parsed.data });
      writeStoredPreference(storage, 'fontSizeDelta', parsed.data, logger);
      applyFontSettings();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async settled() {
      applyFontSettings.flush();
      await fontWork;
    },
    dispose() {
      applyFontSettings.cancel();
      darkQuery.removeEventListener('change', onSystemChange);
      contrastQuery.removeEventListener('change', onSystemChange);
      listeners.clear();
    },
  };
}
