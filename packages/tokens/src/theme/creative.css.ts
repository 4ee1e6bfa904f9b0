import { createTheme } from '@vanilla-extract/css';
import { vars } from './contract.css.ts';
import { creativeScheme } from './schemes/creative.ts';

export const creativeLight = createTheme(vars, creativeScheme.light, 'creative-light');
export const creativeDark = createTheme(vars, creativeScheme.dark, 'creative-dark');
