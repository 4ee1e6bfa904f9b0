import { vars } from '@cairn/tokens';
import { globalStyle, style } from '@vanilla-extract/css';
import { FORCED_FILL, FORCED_FOCUS_RING, forcedColors } from '../styles/forcedColors.ts';

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
      insetInline: 0,
      bottom: -1,
      height: 2,
      background: vars.color.accent,
      ...forcedColors(FORCED_FILL),
    },
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '-2px',
    },
    '&[data-disabled]': { color: vars.color.disabledText, cursor: 'not-allowed' },
  },
});

export const content = style({
  paddingBlock: vars.space.md,
  fontFamily: vars.font.body,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
    },
  },
});

export const navRoot = style({ position: 'relative', minWidth: 0 });

// The hidden end of a row that scrolls fades out, so a cut tab reads as "more this way", not as the end;
// under the arrow at that end the row is masked out entirely, so the arrow never sits on text.
const arrow = vars.size.controlSm;
const hide = (side: 'right' | 'left') =>
  // check-styles-ignore: a mask reads only the alpha, so black here means "shown", not a colour.
  `linear-gradient(to ${side}, transparent ${arrow}, black calc(${arrow} + 1.5em))`;
export const scrollingList = style({
  scrollbarWidth: 'thin',
  selectors: {
    '&[data-more-before]': { maskImage: hide('right') },
    '&[data-more-after]': { maskImage: hide('left') },
    '&[data-more-before][data-more-after]': {
      maskImage: `${hide('right')}, ${hide('left')}`,
      maskComposite: 'intersect',
    },
  },
});

export const scrollCue = style({
  all: 'unset',
  position: 'absolute',
  top: 0,
  height: vars.size.controlMd,
  width: arrow,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.text,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&:hover': { background: vars.color.surfaceHover } },
});
// The arrows point at the hidden end, which is the other side in a right-to-left page.
globalStyle(`${scrollCue}:dir(rtl) > svg`, { transform: 'scaleX(-1)' });
export const scrollCueBefore = style({ insetInlineStart: 0 });
export const scrollCueAfter = style({ insetInlineEnd: 0 });
