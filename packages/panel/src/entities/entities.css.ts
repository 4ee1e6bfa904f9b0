import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const filters = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});

/** Below this width the filters and the form's parts take the whole width, one under another. */
const narrow = 'screen and (max-width: 600px)';

export const filterControl = style({
  minWidth: 180,
  '@media': { [narrow]: { flex: '1 1 100%', minWidth: 0 } },
});

export const form = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(320px, 100%), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
  maxWidth: 1100,
});

export const wide = style({ gridColumn: '1 / -1' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 1100 });

export const actions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });

export const mono = style({ fontFamily: vars.font.mono });

export const macros = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const macroList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  marginTop: vars.space.xs,
  maxHeight: 160,
  overflowY: 'auto',
});

export const rows = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const rowGrid = style({
  display: 'grid',
  gridTemplateColumns: '4.5em 1fr 1fr 1fr auto',
  gap: vars.space.xs,
  alignItems: 'center',
});

export const rowGridTwo = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr auto',
  gap: vars.space.xs,
  alignItems: 'center',
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const problem = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
});

export const report = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  maxHeight: 240,
  overflowY: 'auto',
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });

export const templatePicker = style({ maxWidth: 360 });

/** A row's Edit and Clone links, side by side in its actions cell. */
export const rowActions = style({ display: 'inline-flex', gap: vars.space.md });
