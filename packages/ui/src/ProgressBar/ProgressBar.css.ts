import { FORCED_COLORS_QUERY, vars } from '@cairn/tokens';
import { createVar, keyframes, style, styleVariants } from '@vanilla-extract/css';
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
  '@media': {
    // The system repaints the track's background as Canvas: an outline keeps the track's extent visible.
    [FORCED_COLORS_QUERY]: { outline: '1px solid CanvasText' },
  },
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
      '@media': {
        // Without this the system would paint the fill as Canvas too, and the bar would look empty.
        [FORCED_COLORS_QUERY]: { forcedColorAdjust: 'none', background: 'Highlight' },
      },
    },
    // The indeterminate bar keeps travelling, slowly, so a long task never looks stopped; the determinate
    // one jumps to each new value.
    { transition: 'none', animationDuration: '4.2s' },
  ),
);
