import type { ColorScheme } from '../../constants.ts';
import type { SchemeTokens } from '../tokens.ts';
import { creativeScheme } from './creative.ts';
import { defaultScheme } from './default.ts';
import { legacyScheme } from './legacy.ts';

export const schemeTokens: Readonly<Record<ColorScheme, SchemeTokens>> = {
  default: defaultScheme,
  legacy: legacyScheme,
  creative: creativeScheme,
};
