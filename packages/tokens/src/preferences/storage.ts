import {
  COLOR_SCHEMES,
  CONTRASTS,
  type ColorScheme,
  type Contrast,
  STORAGE_KEYS,
  THEMES,
  type Theme,
} from '../constants.ts';
import { FONT_IDS, type FontId } from '../fonts/fonts.ts';
import { consoleLogger, type TokensLogger } from '../logger.ts';
import { clampFontSizeDelta } from '../typography.ts';

/**
 * A check of one preference value, shaped like a zod schema's safeParse. Written by hand: every app
 * reads the stored preferences before its first paint, and five enum-or-number checks are not worth
 * a validation library in the first chunk.
 */
export interface PreferenceSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

function oneOf<const T extends string>(values: readonly T[]): PreferenceSchema<T> {
  return {
    safeParse: (value) =>
      typeof value === 'string' && (values as readonly string[]).includes(value)
        ? { success: true, data: value as T }
        : { success: false },
  };
}

export const themeSchema = oneOf(THEMES);
export const colorSchemeSchema = oneOf(COLOR_SCHEMES);
export const contrastSchema = oneOf(CONTRASTS);
export const fontIdSchema = oneOf(FONT_IDS);
/** Any finite number is a usable delta once clamped; text, NaN, Infinity and the like are not. */
export const fontSizeDeltaSchema: PreferenceSchema<number> = {
  safeParse: (value) =>
    typeof value === 'number' && Number.isFinite(value)
      ? { success: true, data: clampFontSizeDelta(value) }
      : { success: false },
};

export interface DisplayPreferences {
  theme: Theme;
  colorScheme: ColorScheme;
  font: FontId;
  fontSizeDelta: number;
  contrast: Contrast;
}
export type DisplayPreferenceKey = keyof DisplayPreferences;

/** Only the preferences the user actually chose and that survived validation. */
export type StoredDisplayPreferences = Partial<DisplayPreferences>;

const schemas = {
  theme: themeSchema,
  colorScheme: colorSchemeSchema,
  font: fontIdSchema,
  fontSizeDelta: fontSizeDeltaSchema,
  contrast: contrastSchema,
} satisfies { [Key in DisplayPreferenceKey]: PreferenceSchema<DisplayPreferences[Key]> };

const preferenceKeys = Object.keys(STORAGE_KEYS) as DisplayPreferenceKey[];

// Values are stored as JSON; a bare string (as older panels wrote `dark`) is read as that string, so
// it still validates when it names a real theme, scheme or font.
function decode(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Reads the display preferences from storage. A value that fails validation is logged and left out, so
 * the caller falls back to the default (or, for the theme and the contrast, the system preference) instead of using it.
 */
export function readStoredPreferences(
  storage: Pick<Storage, 'getItem'>,
  logger: TokensLogger = consoleLogger,
): StoredDisplayPreferences {
  const stored: Record<string, unknown> = {};
  for (const key of preferenceKeys) {
    let raw: string | null;
    try {
      raw = storage.getItem(STORAGE_KEYS[key]);
    } catch (error) {
      // Storage can be disabled by the browser's privacy settings; preferences then stay at defaults.
      logger.warn('Local storage is not readable', error);
      return {};
    }
    if (raw === null) continue;
    const parsed = schemas[key].safeParse(decode(raw));
    if (parsed.success) stored[key] = parsed.data;
    else logger.warn(`Ignoring invalid stored ${key}`, raw);
  }
  return stored as StoredDisplayPreferences;
}

export function writeStoredPreference<Key extends DisplayPreferenceKey>(
  storage: Pick<Storage, 'setItem'>,
  key: Key,
  value: DisplayPreferences[Key],
  logger: TokensLogger = consoleLogger,
): void {
  try {
    storage.setItem(STORAGE_KEYS[key], JSON.stringify(value));
  } catch (error) {
    logger.warn(`Could not store ${key}`, error);
  }
}
