import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';

export const box = style({ flexWrap: 'wrap', paddingBlock: 3, cursor: 'text', height: 'auto' });
export const input = style({ minWidth: 80, flex: 1 });
export const chevron = style({ color: vars.color.textMuted, flexShrink: 0 });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  maxWidth: '100%',
  paddingInlineStart: vars.space.xs,
  paddingInlineEnd: 2,
  borderRadius: vars.radius.sm,
  background: vars.color.accentSubtle,
  color: vars.color.accentText,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.6,
});
export const chipRemove = style({
  all: 'unset',
  display: 'inline-flex',
  padding: 2,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
    },
  },
});
export const empty = style({
  padding: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});
