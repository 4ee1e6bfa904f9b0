import { vars } from '@cairn/tokens';
import { keyframes, style } from '@vanilla-extract/css';
import { motionSafe } from '../styles/motion.ts';

const shimmer = keyframes({ from: { backgroundPosition: '200% 0' }, to: { backgroundPosition: '-200% 0' } });

export const skeleton = style(
  motionSafe({
    display: 'block',
    borderRadius: vars.radius.sm,
    background: `linear-gradient(90deg, ${vars.color.skeleton} 25%, ${vars.color.skeletonHighlight} 50%, ${vars.color.skeleton} 75%)`,
    backgroundSize: '200% 100%',
    animation: `${shimmer} 1.4s ease-in-out infinite`,
  }),
);
