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

// Every link wears the scheme's link colour and focus ring, never the browser's blue and purple (which
// the dark and creative schemes cannot read well). `:where` keeps these at zero specificity, so a link
// dressed as a button or a tab keeps its own look.
globalStyle(':where(a)', { color: vars.color.link, textUnderlineOffset: '0.15em' });
globalStyle(':where(a:hover)', { textDecorationThickness: '2px' });
globalStyle(':where(a:focus-visible)', {
  outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
  outlineOffset: '2px',
  borderRadius: vars.radius.sm,
});
