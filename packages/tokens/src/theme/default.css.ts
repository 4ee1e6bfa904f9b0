import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';
import { defaultScheme } from './schemes/default.ts';

export const defaultLight = createTheme(vars, defaultScheme.light, 'default-light');
export const defaultDark = createTheme(vars, defaultScheme.dark, 'default-dark');
