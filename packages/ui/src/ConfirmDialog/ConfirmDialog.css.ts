import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const error = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'flex-start',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-line',
});
