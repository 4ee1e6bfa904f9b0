import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';

export const root = style({
  display: 'inline-flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontFamily: vars.font.body,
});
export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});
export const trigger = style({ cursor: 'pointer', width: 'auto', textAlign: 'start' });
export const triggerText = style({ whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.fontSize.sm });
export const panel = style({ padding: vars.space.sm, maxHeight: 'none' });
export const columns = style({ display: 'flex', gap: vars.space.md });
export const presets = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 140 });
export const preset = style({
  all: 'unset',
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&[aria-checked="true"]': {
      background: vars.color.accentSubtle,
      color: vars.color.accentText,
      fontWeight: vars.fontWeight.medium,
    },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
    },
  },
});
export const detail = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 260 });
export const dates = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gap: vars.space.xs,
});
export const footer = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.xs });
