import type { ColorScheme } from '../../constants.ts';
import type { TypeScale } from '../../typography.ts';
import { BOLD_TYPE, COMFORTABLE_TYPE, DENSE_TYPE, type SchemeTokens } from '../tokens.ts';
import { creativeScheme } from './creative.ts';
import { defaultScheme } from './default.ts';
import { legacyScheme } from './legacy.ts';

export const schemeTokens: Readonly<Record<ColorScheme, SchemeTokens>> = {
  default: defaultScheme,
  legacy: legacyScheme,
  creative: creativeScheme,
};

/** Each scheme's type steps in px before the user's size preference: what its size scale derives from. */
export const schemeTypeScales: Readonly<Record<ColorScheme, TypeScale>> = {
  default: COMFORTABLE_TYPE,
  legacy: DENSE_TYPE,
  creative: BOLD_TYPE,
};
