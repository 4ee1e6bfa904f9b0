import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
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
        outlineOffset: '2px',
      },
      '&[data-disabled]': { background: vars.color.disabledBackground, cursor: 'not-allowed' },
    },
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
  }),
);
