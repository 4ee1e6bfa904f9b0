import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export { cell, header, numeric, scroller, table } from '../utils/plainTable.css.ts';

export const groups = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const groupTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** The winner's (or, without one, the leader's) row stands out. */
export const winnerRow = style({ background: vars.color.successSubtle });

export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const method = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  maxWidth: 900,
});
