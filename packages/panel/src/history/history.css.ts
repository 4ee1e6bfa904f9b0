import { vars } from '@cairn/tokens';
import { globalStyle, style } from '@vanilla-extract/css';
import * as stacking from '../utils/stackingTable.css.ts';

// The audit log as a table on wide screens; on narrow ones each entry is a block (when and who, then
// what, then the changes).
const { narrow } = stacking;

export const table = style([stacking.table, { tableLayout: 'fixed' }]);
export const { head, body, header } = stacking;

export const row = style([
  stacking.row,
  { '@media': { [narrow]: { display: 'flex', flexWrap: 'wrap', columnGap: vars.space.sm } } },
]);

export const when = style({ width: '11em' });
export const who = style({ width: '8em' });
export const what = style({ width: '14em' });

export const cell = style([stacking.cell, { overflowWrap: 'anywhere' }]);

/** On narrow screens the changes take a line of their own under the rest. */
export const changesCell = style([cell, { '@media': { [narrow]: { flexBasis: '100%' } } }]);

export const changes = style({ margin: 0, padding: 0, listStyle: 'none' });
globalStyle(`${changes} > li + li`, { marginTop: vars.space.xxs });

export const field = style({ fontWeight: vars.fontWeight.medium });
export const before = style({ color: vars.color.textMuted });

/** The audit log page's filters: a wrapping row of the period and the selects. */
export const filters = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
});
