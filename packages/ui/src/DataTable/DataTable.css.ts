import { vars } from '@cairn/tokens';
import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { FORCED_FILL, FORCED_FOCUS_RING, forcedColors } from '../styles/forcedColors.ts';

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.sm,
  color: vars.table.rowText,
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.sm,
});
export const toolbarSearch = style({
  width: 260,
  maxWidth: '100%',
  '@media': { 'screen and (max-width: 600px)': { width: '100%' } },
});
export const toolbarSpacer = style({ flex: 1 });
export const selectionBar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  paddingInline: vars.space.sm,
  minHeight: vars.size.controlMd,
  borderRadius: vars.radius.md,
  background: vars.color.accentSubtle,
  color: vars.color.accentText,
});

/** Width of the pinned columns, where the shadow of the columns scrolled under them falls. */
export const pinnedWidth = createVar();

// The shadows on the edges a sideways scroll has hidden columns behind: after the pinned columns once
// the start is scrolled away, at the end edge while columns remain there (useScrollEdges). Elements of
// their own, drawn only while they show: as pseudo-elements of the frame they sat over every cell, and axe
// could then compute no cell's background (every contrast check came back "incomplete").
const edgeShade = `color-mix(in srgb, ${vars.color.text} 22%, transparent)`;
const edge = style({
  display: 'none',
  position: 'absolute',
  top: 1,
  bottom: 1,
  width: 10,
  zIndex: 3,
  pointerEvents: 'none',
});
export const frame = style({
  position: 'relative',
  isolation: 'isolate',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
});
export const edgeStart = style([
  edge,
  {
    insetInlineStart: `calc(${pinnedWidth} + 1px)`,
    background: `linear-gradient(to right, ${edgeShade}, transparent)`,
    selectors: {
      [`${frame}[data-scrolled-start="true"] > &`]: { display: 'block' },
      // Gradients have no logical directions: the shade turns with the writing direction here.
      '&:dir(rtl)': { background: `linear-gradient(to left, ${edgeShade}, transparent)` },
    },
  },
]);
export const edgeEnd = style([
  edge,
  {
    insetInlineEnd: 1,
    background: `linear-gradient(to left, ${edgeShade}, transparent)`,
    selectors: {
      [`${frame}[data-more-end="true"] > &`]: { display: 'block' },
      '&:dir(rtl)': { background: `linear-gradient(to right, ${edgeShade}, transparent)` },
    },
  },
]);

export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  border: `1px solid ${vars.table.border}`,
  borderRadius: vars.radius.md,
  background: vars.table.rowBackground,
  overscrollBehavior: 'contain',
});

export const table = style({ display: 'grid', borderCollapse: 'collapse', minWidth: '100%' });

const section = { display: 'grid', position: 'sticky', zIndex: 2 } as const;
export const thead = style({ ...section, top: 0 });
export const tfoot = style({ ...section, bottom: 0 });
export const tbody = style({ display: 'grid', position: 'relative' });

export const row = style({ display: 'flex', width: '100%' });
export const bodyRow = style([
  row,
  {
    position: 'absolute',
    insetInlineStart: 0,
    background: vars.table.rowBackground,
    selectors: { '&:hover': { background: vars.table.rowHoverBackground } },
  },
]);

export const cell = style({
  // Border-box: the column width from TanStack is the whole cell, so every row lines up.
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  flex: 'none',
  minWidth: 0,
  paddingInline: vars.space.sm,
  borderBottom: `1px solid ${vars.table.border}`,
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
  outline: 'none',
  selectors: {
    '&:focus-visible, &[data-focused="true"]:focus': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      outlineOffset: `calc(-1 * ${vars.size.focusRingWidth})`,
      // A selected row is framed in Highlight there (rowTone.selected): the focused cell inside it is
      // drawn in the text colour, over that frame, so both stay told apart.
      ...forcedColors({ outlineColor: 'CanvasText' }),
    },
  },
});
export const lastCell = style({ flex: '1 0 auto' });
export const cellEnd = style({ justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' });
/** What a cell shows, plain or custom: one line, cut with an ellipsis (cellTips.tsx gives the rest). */
export const cellText = style({
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const selectCell = style({ justifyContent: 'center', paddingInline: 0 });

export const verticalBorders = style({});
globalStyle(`${verticalBorders} ${cell}:not(:last-child)`, {
  borderInlineEnd: `1px solid ${vars.table.verticalBorder}`,
});

export const headerCell = style({
  position: 'relative',
  background: vars.table.headerBackground,
  color: vars.table.headerText,
  fontWeight: vars.fontWeight.semibold,
  userSelect: 'none',
});
export const filterCell = style({ background: vars.table.headerBackground, paddingBlock: vars.space.xxs });
export const totalsCell = style({
  background: vars.table.totalsBackground,
  color: vars.table.totalsText,
  fontWeight: vars.fontWeight.semibold,
  borderTop: `1px solid ${vars.table.border}`,
  borderBottom: 'none',
});

// After the header, filter and totals cells, whose `position: relative` it overrides (sticky positions
// the resize handle as well). A pinned body cell covers what scrolls under it with its row's background,
// at the lowest specificity, so a tinted profit cell keeps its tint.
export const pinned = style({ position: 'sticky', zIndex: 1 });
globalStyle(`:where(${bodyRow}) > ${pinned}`, { background: 'inherit' });

export const sortButton = style({
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  maxWidth: '100%',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '2px',
    },
  },
});
export const sortIndex = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const resizer = style({
  position: 'absolute',
  top: 0,
  insetInlineEnd: 0,
  width: 6,
  height: '100%',
  cursor: 'col-resize',
  touchAction: 'none',
  outline: 'none',
  selectors: {
    '&:hover, &[data-resizing="true"]': { background: vars.color.accent, ...forcedColors(FORCED_FILL) },
    '&:focus-visible': { background: vars.color.focusRing, ...forcedColors(FORCED_FILL) },
  },
});

export const filterInput = style({
  width: '100%',
  minWidth: 0,
  height: vars.size.controlSm,
  paddingInline: vars.space.xs,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: vars.fontWeight.regular,
  selectors: {
    '&:focus-visible': {
      outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
      ...FORCED_FOCUS_RING,
      outlineOffset: '1px',
    },
    '&::placeholder': { color: vars.color.textMuted },
  },
});

/** Row tints per colorization mode (SPEC.md section 3 debug setting). */
export const rowTone = styleVariants({
  positive: { background: vars.table.positiveRowBackground, color: vars.table.positiveRowText },
  negative: { background: vars.table.negativeRowBackground, color: vars.table.negativeRowText },
  odd: { background: vars.table.rowAltBackground },
  // The system repaints the tint as Canvas, so the selection would vanish: a frame in the selection colour
  // marks it instead. Not a Highlight fill, which would take every cell, link and checkbox in the row
  // out of the system's colours with it (forced-color-adjust is inherited).
  selected: {
    background: vars.table.rowSelectedBackground,
    ...forcedColors({ outline: '2px solid Highlight', outlineOffset: '-2px' }),
  },
});

export const cellTone = styleVariants({
  positiveCell: { background: vars.table.positiveCellBackground, color: vars.table.positiveCellText },
  negativeCell: { background: vars.table.negativeCellBackground, color: vars.table.negativeCellText },
  positiveText: { color: vars.table.positiveText },
  negativeText: { color: vars.table.negativeText },
});

/** The whole text of the focused cell that is cut short, under it. */
export const cellTip = style({
  position: 'absolute',
  zIndex: 4,
  maxWidth: 'min(480px, 90%)',
  marginTop: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.text,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xs,
  overflowWrap: 'anywhere',
  pointerEvents: 'none',
  boxShadow: vars.shadow.md,
});

export const overlayState = style({ position: 'sticky', insetInlineStart: 0, width: '100%' });

export const pager = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});
export const pagerText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** Nested rows: the expander in the first column, and the same space on leaves so text lines up. */
export const expanderSpace = style({ flex: 'none', width: 20, height: 20, marginInlineEnd: vars.space.xxs });
export const expander = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flex: 'none',
  width: 20,
  height: 20,
  marginInlineEnd: vars.space.xxs,
  borderRadius: vars.radius.sm,
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
  },
});
globalStyle(`${expander}[data-expanded="true"] > svg`, { transform: 'rotate(90deg)' });

// Hidden elements as tall as the scheme's row and header tokens: the grid measures them (useTokenHeight)
// for the virtualiser, which needs numbers.
const probe = style({
  position: 'absolute',
  width: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
});
export const rowProbe = style([probe, { height: vars.size.tableRow }]);
export const headerProbe = style([probe, { height: vars.size.tableHeader }]);
/** Px per 1,000 of the scheme's size scale: what column widths are multiplied by. */
export const SCALE_PROBE_PX = 1000;
export const scaleProbe = style([probe, { height: `calc(${SCALE_PROBE_PX}px * ${vars.size.scale})` }]);
