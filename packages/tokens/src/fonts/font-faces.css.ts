import { globalFontFace } from '@vanilla-extract/css';
import { FONT_WEIGHTS } from '../constants.ts';
import { FONT_IDS, FONTS, STATIC_FONT_BASE_PATH } from './fonts.ts';

// A family no npm package ships is served from the static font folder: one file per weight, at a path
// the server's fonts folder can override. Its licence lies beside the files.
for (const id of FONT_IDS.filter((fontId) => FONTS[fontId].source === 'static')) {
  globalFontFace(
    `'${FONTS[id].family}'`,
    FONT_WEIGHTS.map((weight) => ({
      src: `url('${STATIC_FONT_BASE_PATH}/${id}/${id}-${weight}.woff2') format('woff2')`,
      fontWeight: weight,
      fontStyle: 'normal',
      fontDisplay: 'swap',
    })),
  );
}
