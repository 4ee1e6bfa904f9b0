import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

// Thirty short names: as many columns as fit, so the slots read in order without a long scroll.
export const names = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(12rem, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const group = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  border: 'none',
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.sm,
  fontWeight: vars.fontWeight.semibold,
});

export const mapping = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(10rem, 1fr) minmax(10rem, 1fr) minmax(10rem, 1fr) auto',
  gap: vars.space.sm,
  alignItems: 'end',
});
