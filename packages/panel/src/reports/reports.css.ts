import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });

export const controls = style({
  display: 'flex',
  gap: vars.space.md,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});

export const grouping = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const levelSelect = style({ minWidth: 170 });

export const presets = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap', alignItems: 'center' });

export const presetGroup = style({ display: 'inline-flex', alignItems: 'center', gap: 2 });

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The chosen columns in their order, each movable by drag or by its arrows. */
export const chooserOrder = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  maxHeight: '30vh',
  overflowY: 'auto',
});

export const chooserOrderItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  cursor: 'grab',
  selectors: { '&[data-dragged]': { opacity: 0.5 } },
});

export const chooserOrderLabel = style({ flex: 1 });

export const chooserGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: vars.space.sm,
  maxHeight: '55vh',
  overflowY: 'auto',
  padding: vars.space.xxs,
});

export const nameCell = style({
  display: 'inline-flex',
  gap: vars.space.sm,
  alignItems: 'baseline',
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const subtle = style({ fontSize: vars.fontSize.xs, color: vars.color.link, whiteSpace: 'nowrap' });

export const chips = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap', alignItems: 'center' });

export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  paddingInlineStart: vars.space.sm,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const filterAdd = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});

export const filterField = style({ minWidth: 200 });

export const note = style({
  margin: 0,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.infoSubtle,
  color: vars.color.infoText,
  fontSize: vars.fontSize.sm,
});

export const pager = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });
