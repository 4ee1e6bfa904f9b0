import { vars } from '@cairn/tokens';
import { globalStyle } from '@vanilla-extract/css';

// The page itself: no browser margin, and the theme's background behind everything (also behind the
// sign-in screen and while a page chunk loads).
globalStyle('html, body', {
  margin: 0,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
});

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
