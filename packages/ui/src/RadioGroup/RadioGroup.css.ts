import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FILL, FORCED_FOCUS_RING, forcedColors } from '../styles/forcedColors.ts';

export const group = style({ display: 'flex', gap: vars.space.sm, border: 'none', margin: 0, padding: 0 });
export const vertical = style({ flexDirection: 'column' });
export const horizontal = style({ flexDirection: 'row', flexWrap: 'wrap' });

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const item = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 16,
  height: 16,
  borderRadius: vars.radius.full,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: {
    '&[data-state="checked"]': { borderColor: vars.color.accent },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '2px',
    },
    '&[data-disabled]': {
      background: vars.color.disabledBackground,
      borderColor: vars.color.border,
      cursor: 'not-allowed',
    },
  },
});

export const indicator = style({
  width: 8,
  height: 8,
  borderRadius: vars.radius.full,
  background: vars.color.accent,
  ...forcedColors(FORCED_FILL),
});
