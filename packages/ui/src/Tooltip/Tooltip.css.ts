import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const content = style({
  zIndex: vars.zIndex.tooltip,
  maxWidth: 280,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.textInverse,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  boxShadow: vars.shadow.sm,
});

export const arrow = style({ fill: vars.color.text });
