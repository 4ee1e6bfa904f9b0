import { vars } from '@cairn/tokens';
import { createVar, keyframes, style } from '@vanilla-extract/css';
import { FORCED_FILL, forcedColors } from '../styles/forcedColors.ts';
import { motionSafe } from '../styles/motion.ts';
import { PROGRESS_FADE_MS, PROGRESS_FINISH_MS, PROGRESS_GROW_MS, PROGRESS_GROW_TO } from './progressStore.ts';

export const fromWidth = createVar();

const grow = keyframes({ from: { width: '0%' }, to: { width: `${PROGRESS_GROW_TO}%` } });
const finish = keyframes({ from: { width: fromWidth }, to: { width: '100%' } });
const fade = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

export const bar = style(
  motionSafe({
    position: 'fixed',
    top: 0,
    left: 0,
    zIndex: vars.zIndex.progress,
    height: 3,
    background: vars.color.progressBar,
    pointerEvents: 'none',
    ...forcedColors(FORCED_FILL),
    selectors: {
      // Linear timing keeps the JS estimate of the reached width (growthAt) equal to what is drawn.
      '&[data-phase="growing"]': {
        width: `${PROGRESS_GROW_TO}%`,
        animation: `${grow} ${PROGRESS_GROW_MS}ms linear`,
      },
      '&[data-phase="finishing"]': { width: '100%', animation: `${finish} ${PROGRESS_FINISH_MS}ms linear` },
      '&[data-phase="fading"]': {
        width: '100%',
        opacity: 0,
        animation: `${fade} ${PROGRESS_FADE_MS}ms ease-out`,
      },
    },
  }),
);
