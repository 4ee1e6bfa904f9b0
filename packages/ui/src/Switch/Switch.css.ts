import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING, forcedColors } from '../styles/forcedColors.ts';
import { motionSafe } from '../styles/motion.ts';

export const root = style(
  motionSafe({
    all: 'unset',
    boxSizing: 'border-box',
    position: 'relative',
    flexShrink: 0,
    width: 34,
    height: 20,
    borderRadius: vars.radius.full,
    background: vars.color.borderStrong,
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast}`,
    selectors: {
      '&[data-state="checked"]': { background: vars.color.accent },
      '&:focus-visible': {
        outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
        ...FORCED_FOCUS_RING,
        outlineOffset: '2px',
      },
      '&[data-disabled]': { background: vars.color.disabledBackground, cursor: 'not-allowed' },
    },
    // The track and thumb are nothing but fills: drawn in the system's button and selection colours.
    ...forcedColors({
      forcedColorAdjust: 'none',
      background: 'Canvas',
      border: '1px solid ButtonText',
      selectors: {
        '&[data-state="checked"]': { background: 'Highlight', borderColor: 'Highlight' },
        '&[data-disabled]': { background: 'Canvas', borderColor: 'GrayText' },
      },
    }),
  }),
);

export const thumb = style(
  motionSafe({
    display: 'block',
    width: 16,
    height: 16,
    borderRadius: vars.radius.full,
    background: vars.color.surface,
    boxShadow: vars.shadow.sm,
    transform: 'translateX(2px)',
    transition: `transform ${vars.motion.fast}`,
    selectors: { '&[data-state="checked"]': { transform: 'translateX(16px)' } },
    ...forcedColors({
      forcedColorAdjust: 'none',
      background: 'ButtonText',
      selectors: {
        '&[data-state="checked"]': { background: 'HighlightText' },
        '&[data-disabled]': { background: 'GrayText' },
      },
    }),
  }),
);
