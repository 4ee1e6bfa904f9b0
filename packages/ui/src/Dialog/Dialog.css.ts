import { vars } from '@cairn/tokens';
import { keyframes, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { motionSafe } from '../styles/motion.ts';

export const DIALOG_SIZES = ['sm', 'md', 'lg'] as const;
export type DialogSize = (typeof DIALOG_SIZES)[number];

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });
const popIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -48%) scale(0.98)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%)' },
});

export const overlay = style(
  motionSafe({
    position: 'fixed',
    inset: 0,
    zIndex: vars.zIndex.overlay,
    background: vars.color.overlay,
    selectors: {
      '&[data-state="open"]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
      '&[data-state="closed"]': { animation: `${fadeOut} ${vars.motion.fast} ease-in` },
    },
  }),
);

export const content = recipe({
  base: motionSafe({
    position: 'fixed',
    top: '50%',
    left: '50%',
    zIndex: vars.zIndex.dialog,
    transform: 'translate(-50%, -50%)',
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.md,
    width: 'calc(100vw - 32px)',
    maxHeight: 'calc(100vh - 32px)',
    overflowY: 'auto',
    padding: vars.space.lg,
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    outline: 'none',
    selectors: {
      '&[data-state="open"]': { animation: `${popIn} ${vars.motion.normal} ease-out` },
      '&[data-state="closed"]': { animation: `${fadeOut} ${vars.motion.fast} ease-in` },
    },
  }),
  variants: {
    size: { sm: { maxWidth: 400 }, md: { maxWidth: 560 }, lg: { maxWidth: 800 } },
  },
  defaultVariants: { size: 'md' },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
});
export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const footer = style({
  display: 'flex',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  flexWrap: 'wrap',
  marginTop: vars.space.xs,
});
