import { vars } from '@cairn/tokens';
import { globalStyle, style } from '@vanilla-extract/css';

// The audit log as a table on wide screens; on narrow ones each entry is a block (when and who, then
// what, then the changes), so the page never scrolls sideways. The elements carry their table roles
// explicitly, which keeps them a table for screen readers when their display changes.
const narrow = 'screen and (max-width: 600px)';

export const table = style({
  width: '100%',
  maxWidth: 1100,
  borderCollapse: 'collapse',
  tableLayout: 'fixed',
  '@media': { [narrow]: { display: 'block' } },
});

export const head = style({
  '@media': {
    [narrow]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
  },
});

export const body = style({ '@media': { [narrow]: { display: 'block' } } });

export const row = style({
  '@media': {
    [narrow]: {
      display: 'flex',
      flexWrap: 'wrap',
      columnGap: vars.space.sm,
      paddingBlock: vars.space.xs,
      borderTop: `1px solid ${vars.color.border}`,
    },
  },
});

export const header = style({
  textAlign: 'start',
  padding: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});

export const when = style({ width: '11em' });
export const who = style({ width: '8em' });
export const what = style({ width: '14em' });

export const cell = style({
  padding: vars.space.xs,
  verticalAlign: 'top',
  borderTop: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
  '@media': { [narrow]: { display: 'block', padding: 0, border: 0 } },
});

/** On narrow screens the changes take a line of their own under the rest. */
export const changesCell = style([cell, { '@media': { [narrow]: { flexBasis: '100%' } } }]);

export const changes = style({ margin: 0, padding: 0, listStyle: 'none' });
globalStyle(`${changes} > li + li`, { marginTop: vars.space.xxs });

export const field = style({ fontWeight: vars.fontWeight.medium });
export const before = style({ color: vars.color.textMuted });
