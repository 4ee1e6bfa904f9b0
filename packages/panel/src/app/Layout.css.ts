import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const shell = style({
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const brand = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: vars.space.sm,
});

// Twelve tabs do not fit a narrow window; they scroll sideways instead of pushing the menus down.
export const tabs = style({ flex: '1 1 0', minWidth: 0, overflowX: 'auto' });

export const menus = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', flexShrink: 0 });

export const main = style({ padding: vars.space.lg, maxWidth: '1600px', margin: '0 auto' });

export const menuLink = style({ color: 'inherit', textDecoration: 'none', display: 'block', width: '100%' });
