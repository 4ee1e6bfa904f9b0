import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const field = style({ minWidth: 220 });

export const search = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});
