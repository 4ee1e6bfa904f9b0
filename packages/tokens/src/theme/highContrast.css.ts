import { createTheme } from '@vanilla-extract/css';
import type { ColorScheme, Theme } from '../constants.ts';
import { vars } from './contract.css.ts';
import { highContrastColours } from './schemes/highContrast.ts';
import { schemeTokens } from './schemes/index.ts';

// One class per scheme x theme with the high-contrast colours over the scheme's own layout: a single class
// still fills the whole contract, so a subtree (a story cell, a preview) can wear it like any other.
function highContrast(scheme: ColorScheme, theme: Theme): string {
  return createTheme(
    vars,
    { ...schemeTokens[scheme][theme], ...highContrastColours[theme] },
    `${scheme}-${theme}-more-contrast`,
  );
}

export const defaultLightMoreContrast = highContrast('default', 'light');
export const defaultDarkMoreContrast = highContrast('default', 'dark');
export const legacyLightMoreContrast = highContrast('legacy', 'light');
export const legacyDarkMoreContrast = highContrast('legacy', 'dark');
export const creativeLightMoreContrast = highContrast('creative', 'light');
export const creativeDarkMoreContrast = highContrast('creative', 'dark');
