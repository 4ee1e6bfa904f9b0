import { vars } from '@cairn/tokens';
import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';
import { motionSafe } from '../styles/motion.ts';
import { TOAST_TYPES, type ToastType } from './toastStore.ts';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const fadeOut = keyframes({ from: { opacity: 1 }, to: { opacity: 0 } });

export const viewport = style({
  position: 'fixed',
  bottom: 0,
  insetInlineEnd: 0,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: 'min(380px, 100vw)',
  maxWidth: '100vw',
  margin: 0,
  padding: vars.space.lg,
  listStyle: 'none',
  outline: 'none',
});

export const root = style(
  motionSafe({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'start',
    gap: vars.space.sm,
    padding: vars.space.md,
    borderRadius: vars.radius.md,
    borderWidth: 1,
    borderStyle: 'solid',
    boxShadow: vars.shadow.lg,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
    selectors: {
      '&[data-state="open"]': { animation: `${fadeIn} ${vars.motion.normal} ease-out` },
      '&[data-state="closed"]': { animation: `${fadeOut} ${vars.motion.normal} ease-in forwards` },
      '&[data-has-action]': { gridTemplateColumns: 'auto 1fr auto auto' },
      '&:focus-visible': {
        outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
        ...FORCED_FOCUS_RING,
        outlineOffset: '2px',
      },
    },
  }),
);

export const type: Record<ToastType, string> = styleVariants(
  Object.fromEntries(
    TOAST_TYPES.map((t) => [
      t,
      {
        background: vars.toast[t].background,
        color: vars.toast[t].text,
        borderColor: vars.toast[t].border,
      },
    ]),
  ) as Record<ToastType, { background: string; color: string; borderColor: string }>,
);

export const icon: Record<ToastType, string> = styleVariants(
  Object.fromEntries(
    TOAST_TYPES.map((t) => [t, { color: vars.toast[t].icon, display: 'flex', marginTop: 1 }]),
  ) as Record<ToastType, { color: string; display: string; marginTop: number }>,
);

export const body = style({ minWidth: 0, overflowWrap: 'anywhere' });

export const title = style({ fontWeight: vars.fontWeight.semibold, marginBottom: vars.space.xxs });

/** WCAG 2.5.8 (target size, minimum): a pointer target at least 24 CSS px square. */
export const MIN_TARGET_SIZE_PX = 24;

// Drawn in the toast's own text colour rather than as a ui Button: a toast type may invert the page's
// colours (the default one is dark on a light page), where a neutral button's text would vanish.
export const action = style({
  alignSelf: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  boxSizing: 'border-box',
  minHeight: MIN_TARGET_SIZE_PX,
  paddingInline: vars.space.sm,
  border: '1px solid currentColor',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.fontWeight.semibold,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '2px',
    },
  },
});

export const close = style({
  display: 'inline-flex',
  boxSizing: 'border-box',
  minWidth: MIN_TARGET_SIZE_PX,
  minHeight: MIN_TARGET_SIZE_PX,
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xxs,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  opacity: 0.8,
  selectors: {
    '&:hover': { opacity: 1 },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      opacity: 1,
    },
  },
});
