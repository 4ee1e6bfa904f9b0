import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const formatHelp = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const code = style({ fontFamily: vars.font.mono, color: vars.color.text });

export const fileRow = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });

export const problem = style({
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
});

export const summary = style({ margin: 0, display: 'flex', gap: vars.space.xs, flexWrap: 'wrap' });

export const statusField = style({ minWidth: 220 });

export const deliveries = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
