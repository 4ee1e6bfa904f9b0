import { globalFontFace } from '@vanilla-extract/css';
import { FONT_WEIGHTS } from '../constants.ts';
import { FONTS, STATIC_FONT_BASE_PATH } from './fonts.ts';

// No npm package ships Vela Sans or Liberation Mono, so their faces point at the panel's static font
// folder first (an operator can drop licensed files there), then at a locally installed copy; when both
// miss, the family is skipped and the same-kind fallback stack of fontStack() renders.
const localNames: Record<'vela-sans' | 'liberation-mono', (weight: number) => string[]> = {
  'vela-sans': (weight) =>
    weight >= 600 ? ['Vela Sans Bold', 'VelaSans-Bold'] : ['Vela Sans', 'VelaSans-Regular'],
  'liberation-mono': (weight) =>
    weight >= 600 ? ['Liberation Mono Bold', 'LiberationMono-Bold'] : ['Liberation Mono', 'LiberationMono'],
};

for (const id of ['vela-sans', 'liberation-mono'] as const) {
  globalFontFace(
    `'${FONTS[id].family}'`,
    FONT_WEIGHTS.map((weight) => ({
      src: [
        `url('${STATIC_FONT_BASE_PATH}/${id}/${id}-${weight}.woff2') format('woff2')`,
        ...localNames[id](weight).map((name) => `local('${name}')`),
      ].join(', '),
      fontWeight: weight,
      fontStyle: 'normal',
      fontDisplay: 'swap',
    })),
  );
}
