import type { ColorScheme, Theme } from '../constants.ts';
import { creativeDark, creativeLight } from './creative.css.ts';
import { defaultDark, defaultLight } from './default.css.ts';
import { legacyDark, legacyLight } from './legacy.css.ts';

/**
 * The class that fills the theme contract for one scheme x theme. Put it on the document root (see
 * applyDisplayPreferences) or on any element to theme just that subtree, as the palette stories do.
 */
export const themeClassNames: Readonly<Record<ColorScheme, Readonly<Record<Theme, string>>>> = {
  default: { light: defaultLight, dark: defaultDark },
  legacy: { light: legacyLight, dark: legacyDark },
  creative: { light: creativeLight, dark: creativeDark },
};

export function themeClassName(scheme: ColorScheme, theme: Theme): string {
  return themeClassNames[scheme][theme];
}

export const allThemeClassNames: readonly string[] = Object.values(themeClassNames).flatMap((byTheme) =>
  Object.values(byTheme),
);
