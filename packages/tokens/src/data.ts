// The package's plain data for Node code (build configs, browser tests that drive a built app): unlike the
// main entry it registers no stylesheet and no vanilla-extract style, which only a Vite build can run.
export { FONT_WEIGHTS, STORAGE_KEYS } from './constants.ts';
export { FONT_IDS, FONTS, type FontId, STATIC_FONT_BASE_PATH } from './fonts/fonts.ts';
