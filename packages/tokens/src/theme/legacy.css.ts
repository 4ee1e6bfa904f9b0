import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';
import { legacyScheme } from './schemes/legacy.ts';

export const legacyLight = createTheme(vars, legacyScheme.light, 'legacy-light');
export const legacyDark = createTheme(vars, legacyScheme.dark, 'legacy-dark');
