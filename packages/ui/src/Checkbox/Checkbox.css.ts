import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING, FORCED_SELECTED, forcedColors } from '../styles/forcedColors.ts';

export const row = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
});

export const box = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 16,
  height: 16,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.textOnAccent,
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"], &[data-state="indeterminate"]': {
      background: vars.color.accent,
      borderColor: vars.color.accent,
      ...forcedColors({ ...FORCED_SELECTED, borderColor: 'Highlight' }),
    },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '2px',
    },
    '&[data-disabled]': {
      background: vars.color.disabledBackground,
      borderColor: vars.color.border,
      color: vars.color.disabledText,
      cursor: 'not-allowed',
    },
  },
});

export const label = style({
  cursor: 'pointer',
  selectors: { '[data-disabled] + &': { color: vars.color.disabledText } },
});
