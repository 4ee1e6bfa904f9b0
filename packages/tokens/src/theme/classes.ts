import type { ColorScheme, Contrast, Theme } from '../constants.ts';
import { creativeDark, creativeLight } from './creative.css.ts';
import { defaultDark, defaultLight } from './default.css.ts';
import {
  creativeDarkMoreContrast,
  creativeLightMoreContrast,
  defaultDarkMoreContrast,
  defaultLightMoreContrast,
  legacyDarkMoreContrast,
  legacyLightMoreContrast,
} from './highContrast.css.ts';
import { legacyDark, legacyLight } from './legacy.css.ts';

type ClassNames = Readonly<Record<ColorScheme, Readonly<Record<Theme, string>>>>;

/**
 * The class that fills the theme contract for one scheme x theme. Put it on the document root (see
 * applyDisplayPreferences) or on any element to theme just that subtree, as the palette stories do.
 */
export const themeClassNames: ClassNames = {
  default: { light: defaultLight, dark: defaultDark },
  legacy: { light: legacyLight, dark: legacyDark },
  creative: { light: creativeLight, dark: creativeDark },
};

/** The same with the contrast preference `more`: the theme's high-contrast colours on the scheme's layout. */
export const moreContrastClassNames: ClassNames = {
  default: { light: defaultLightMoreContrast, dark: defaultDarkMoreContrast },
  legacy: { light: legacyLightMoreContrast, dark: legacyDarkMoreContrast },
  creative: { light: creativeLightMoreContrast, dark: creativeDarkMoreContrast },
};

export function themeClassName(scheme: ColorScheme, theme: Theme, contrast: Contrast = 'standard'): string {
  return (contrast === 'more' ? moreContrastClassNames : themeClassNames)[scheme][theme];
}

export const allThemeClassNames: readonly string[] = [themeClassNames, moreContrastClassNames].flatMap(
  (byScheme) => Object.values(byScheme).flatMap((byTheme) => Object.values(byTheme)),
);
