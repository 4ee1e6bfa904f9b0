import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import * as stacking from '../utils/stackingTable.css.ts';

// On narrow screens a row's cells flow one under another (the kind, then its controls at full width),
// so the form never scrolls sideways.
const { narrow } = stacking;

export const { table, head, body, header } = stacking;

export const row = style([
  stacking.row,
  { '@media': { [narrow]: { display: 'flex', flexDirection: 'column', gap: vars.space.xs } } },
]);

export const cell = style([stacking.cell, { minWidth: '9em', '@media': { [narrow]: { minWidth: 0 } } }]);

export const kind = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  verticalAlign: 'middle',
});
