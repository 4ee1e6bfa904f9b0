import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
});

export const cell = style({
  textAlign: 'left',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'middle',
});

export const headCell = style([cell, { color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold }]);

export const mono = style({ fontFamily: vars.font.mono });
