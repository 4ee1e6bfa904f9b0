import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export { cell, header, numeric, scroller, table } from '../utils/plainTable.css.ts';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });

export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))',
  gap: vars.space.md,
  alignItems: 'start',
});

export const condition = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(10rem, 100%), 1fr))',
  gap: vars.space.sm,
  alignItems: 'end',
});

export const action = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
});

export const legend = style({ fontWeight: vars.fontWeight.semibold, padding: `0 ${vars.space.xs}` });

export const error = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
});

export const muted = style({ color: vars.color.textMuted, margin: 0 });

export const plainFieldset = style({ border: 'none', margin: 0, padding: 0, minWidth: 0 });

export const sectionHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
