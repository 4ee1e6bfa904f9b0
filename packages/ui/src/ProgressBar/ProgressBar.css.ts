import { vars } from '@cairn/tokens';
import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
import { FORCED_FILL, forcedColors } from '../styles/forcedColors.ts';
import { motionSafe } from '../styles/motion.ts';

export const PROGRESS_BAR_SIZES = ['sm', 'md'] as const;
export type ProgressBarSize = (typeof PROGRESS_BAR_SIZES)[number];

/** How far the determinate bar is filled, as a percentage. */
export const filled = createVar();

// A third of the track travels across it and off the far end, so no resting width reads as an amount.
const travel = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(300%)' },
});

export const track = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  background: vars.color.surfaceSunken,
  // The system repaints the track's background as Canvas: an outline keeps the track's extent visible.
  ...forcedColors({ outline: '1px solid CanvasText' }),
});

export const size: Record<ProgressBarSize, string> = styleVariants({
  sm: { height: 4 },
  md: { height: 8 },
});

export const indicator = style(
  motionSafe(
    {
      display: 'block',
      height: '100%',
      borderRadius: 'inherit',
      background: vars.color.progressBar,
      selectors: {
        '[data-state="determinate"] > &': {
          width: filled,
          transition: `width ${vars.motion.normal} ease-out`,
        },
        '[data-state="indeterminate"] > &': {
          width: '33%',
          animation: `${travel} 1.4s ease-in-out infinite`,
        },
      },
      ...forcedColors(FORCED_FILL),
    },
    // The indeterminate bar keeps travelling, slowly, so a long task never looks stopped; the determinate
    // one jumps to each new value.
    { transition: 'none', animationDuration: '4.2s' },
  ),
);
