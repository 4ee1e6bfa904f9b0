import { vars } from '@cairn/tokens';
import { globalStyle } from '@vanilla-extract/css';

// The canvas wears the theme the toolbar chose, exactly as the panel's document would.
globalStyle('html, body', {
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});
