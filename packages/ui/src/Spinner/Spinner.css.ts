import { vars } from '@cairn/tokens';
import { keyframes, style } from '@vanilla-extract/css';
import { motionSafe } from '../styles/motion.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = style(
  motionSafe(
    {
      display: 'inline-block',
      flexShrink: 0,
      borderRadius: vars.radius.full,
      borderStyle: 'solid',
      borderColor: 'currentColor',
      borderRightColor: 'transparent',
      animation: `${spin} 0.8s linear infinite`,
      verticalAlign: 'middle',
    },
    // Still turning, so the page does not look hung, but at a third of the speed.
    { animationDuration: '2.4s' },
  ),
);
