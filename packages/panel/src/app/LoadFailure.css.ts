import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const shell = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.lg,
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

export const card = style({ width: 'min(480px, 100%)' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const text = style({ margin: 0 });
