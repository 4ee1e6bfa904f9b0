import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const list = style({
  display: 'flex',
  gap: vars.space.xxs,
  borderBottom: `1px solid ${vars.color.border}`,
  overflowX: 'auto',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontFamily: vars.font.body,
});

export const tab = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: vars.size.controlMd,
  paddingInline: vars.space.md,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  textDecoration: 'none',
  borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.surfaceHover },
    '&[data-state="active"], &[aria-current="page"]': { color: vars.color.accentText },
    '&[data-state="active"]::after, &[aria-current="page"]::after': {
      content: '""',
      position: 'absolute',
      left: 0,
      right: 0,
      bottom: -1,
      height: 2,
      background: vars.color.accent,
    },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      outlineOffset: '-2px',
    },
    '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});

export const content = style({
  paddingBlock: vars.space.md,
  fontFamily: vars.font.body,
  color: vars.color.text,
  selectors: { '&:focus-visible': { outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}` } },
});
