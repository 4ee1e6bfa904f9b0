import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const editor = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

export const sectionHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const subheading = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const card = style({
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  minWidth: 0,
});

// A paused item stays editable but reads as out of the rotation.
export const paused = style({ background: vars.color.surfaceSunken, borderStyle: 'dashed' });

export const rule = style({ borderColor: vars.color.borderStrong });

export const itemHeader = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.sm,
  flexWrap: 'wrap',
});

export const itemTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  alignSelf: 'center',
  fontWeight: vars.fontWeight.semibold,
  minWidth: '5em',
});

export const grow = style({ flex: '1 1 12em', minWidth: 0 });

export const weight = style({ width: '7em' });

// Level with the weight box next to it (the header aligns its controls at their bottom edge).
export const share = style({
  alignSelf: 'flex-end',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.controlMd,
  minWidth: '4.5em',
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const tools = style({
  display: 'flex',
  gap: vars.space.xxs,
  alignItems: 'center',
  marginLeft: 'auto',
});

export const columns = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(300px, 100%), 1fr))',
  gap: vars.space.md,
});

export const itemRows = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const itemRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceRaised,
});

export const itemName = style({ flex: '1 1 8em', minWidth: 0, overflowWrap: 'anywhere' });

export const criterion = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(10em, 14em) minmax(7em, 9em) 1fr auto',
  gap: vars.space.sm,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: '1fr' } },
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });

export const problem = style({
  margin: 0,
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-line',
});

export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 });
