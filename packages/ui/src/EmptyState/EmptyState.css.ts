import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  padding: vars.space.xl,
  textAlign: 'center',
  fontFamily: vars.font.body,
  color: vars.color.text,
});
export const icon = style({ color: vars.color.textMuted, display: 'flex' });
export const iconDanger = style({ color: vars.color.dangerText, display: 'flex' });
export const title = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.semibold });
export const description = style({
  margin: 0,
  maxWidth: 420,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const action = style({ marginTop: vars.space.sm });
