import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

// The twelve tabs and an admin's Postbacks take 1,120 px at the default font size (measured in Chromium;
// the last tab ends at 1,222 px on one row and at 1,160 px on its own). From `oneRow` up they fit beside
// the brand and the menus (1,440 px still does); from `ownRow` up they fit on a row of their own under
// them; below that they become the Sections menu, so no tab is ever scrolled out of sight.
const oneRow = 1400;
const ownRow = 1200;
const belowOneRow = `screen and (max-width: ${oneRow - 0.02}px)`;
const belowOwnRow = `screen and (max-width: ${ownRow - 0.02}px)`;
const phone = 'screen and (max-width: 480px)';

export const shell = style({
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
});

// Off screen until focused, then shown over the header's top left corner.
export const skipLink = style({
  position: 'absolute',
  top: vars.space.xs,
  left: vars.space.xs,
  zIndex: vars.zIndex.raised,
  padding: `${vars.space.xs} ${vars.space.md}`,
  background: vars.color.surface,
  color: vars.color.accentText,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'none', outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}` },
  },
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xs} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [phone]: { gap: vars.space.xs, paddingInline: vars.space.sm },
  },
});

export const brand = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: vars.space.sm,
});

// A larger user font can still outgrow a row: the tabs then scroll inside it, never the page.
export const tabs = style({
  flex: '1 1 0',
  minWidth: 0,
  overflowX: 'auto',
  '@media': {
    [belowOneRow]: { order: 1, flexBasis: '100%' },
    [belowOwnRow]: { display: 'none' },
  },
});

export const sectionsMenu = style({
  display: 'none',
  '@media': { [belowOwnRow]: { display: 'block' } },
});

export const menus = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'center',
  flexShrink: 0,
  minWidth: 0,
  '@media': {
    [belowOneRow]: { marginLeft: 'auto' },
    [phone]: { flexShrink: 1 },
  },
});

// A long login must not push the header wider than a phone.
export const userName = style({
  maxWidth: '12em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '@media': { [phone]: { maxWidth: '6em' } },
});

export const main = style({
  padding: vars.space.lg,
  maxWidth: '1600px',
  margin: '0 auto',
  // Focused only by the skip link, as the start of the reading order; no ring around the whole page.
  outline: 'none',
});
