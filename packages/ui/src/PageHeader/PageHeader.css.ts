import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingBlock: vars.space.md,
  fontFamily: vars.font.body,
  color: vars.color.text,
});

export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs, minWidth: 0 });
export const breadcrumbs = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus': { outline: 'none' },
    // Shown when a keyboard user's action brought focus here, so they see where it went.
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '2px',
    },
  },
});
export const description = style({ margin: 0, fontSize: vars.fontSize.md, color: vars.color.textMuted });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'center' });
