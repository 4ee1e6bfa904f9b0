import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const item = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-ticked="true"]': { borderColor: vars.color.accent, background: vars.color.accentSubtle },
  },
});
export const editor = style({ flex: 1, minWidth: 0, paddingTop: 0 });
export const summary = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });
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
export const customFieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });
export const customLegend = style({
  padding: 0,
  marginBottom: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
