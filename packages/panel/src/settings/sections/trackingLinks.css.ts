import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const intro = style({ margin: 0, color: vars.color.textMuted });
