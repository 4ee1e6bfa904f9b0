import { vars } from '@cairn/tokens';
import { keyframes, style } from '@vanilla-extract/css';
import { FORCED_SELECTED, forcedColors } from './forcedColors.ts';
import { motionSafe } from './motion.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-2px)' },
  to: { opacity: 1, transform: 'none' },
});

/** Floating surfaces: select lists, menus, popovers, combobox lists. */
export const content = style(
  motionSafe({
    zIndex: vars.zIndex.menu,
    minWidth: 'var(--radix-popper-anchor-width, 160px)',
    maxHeight: 'var(--radix-popper-available-height, 320px)',
    overflowY: 'auto',
    padding: vars.space.xxs,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.md,
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.md,
    selectors: { '&[data-state="open"]': { animation: `${appear} ${vars.motion.fast} ease-out` } },
  }),
);

export const item = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.sm,
  paddingInlineStart: vars.space.xl,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  userSelect: 'none',
  outline: 'none',
  selectors: {
    '&[data-highlighted], &[aria-selected="true"][data-active="true"], &[data-active="true"]': {
      background: vars.color.accentSubtle,
      color: vars.color.accentText,
      ...forcedColors(FORCED_SELECTED),
    },
    '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});

export const itemDanger = style({ color: vars.color.dangerText });

export const itemIndicator = style({
  position: 'absolute',
  insetInlineStart: vars.space.xs,
  display: 'inline-flex',
  alignItems: 'center',
});

export const separator = style({
  height: 1,
  margin: `${vars.space.xxs} 0`,
  background: vars.color.border,
  ...forcedColors({ forcedColorAdjust: 'none', background: 'CanvasText' }),
});

export const groupLabel = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
