import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const facts = style({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, max-content) 1fr',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
});

export const term = style({ color: vars.color.textMuted });

export const value = style({ margin: 0, overflowWrap: 'anywhere', color: vars.color.text });

export const heading = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.text });

export const conversions = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });

export const cell = style({
  textAlign: 'start',
  padding: vars.space.xxs,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
});

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const idCell = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs, minWidth: 0 });

export const idButton = style({
  all: 'unset',
  cursor: 'pointer',
  fontFamily: vars.font.mono,
  color: vars.color.link,
  textDecoration: 'underline',
  ':focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
});

export const search = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});
