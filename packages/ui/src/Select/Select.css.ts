import { style } from '@vanilla-extract/css';
import { placeholderLook } from '../Field/Field.css.ts';

export const trigger = style({
  justifyContent: 'space-between',
  cursor: 'pointer',
  textAlign: 'start',
  selectors: { '&[data-placeholder]': placeholderLook },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
