import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const credit = style({
  margin: `${vars.space.sm} 0 0`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const link = style({ color: vars.color.link });
