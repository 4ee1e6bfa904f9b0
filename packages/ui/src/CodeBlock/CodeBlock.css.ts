import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';

export const root = style({
  margin: 0,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.codeBackground,
  color: vars.color.codeText,
  overflow: 'hidden',
});

export const caption = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: vars.size.controlSm,
  paddingInline: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});

export const pre = style({
  margin: 0,
  padding: vars.space.sm,
  overflowX: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  lineHeight: vars.lineHeight.normal,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '-2px',
    },
  },
});

export const wrap = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
