import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const table = style({ width: '100%', maxWidth: 1100, borderCollapse: 'collapse' });

export const header = style({
  textAlign: 'start',
  padding: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const cell = style({
  padding: vars.space.xs,
  verticalAlign: 'top',
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: '9em',
});

export const kind = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  verticalAlign: 'middle',
});
