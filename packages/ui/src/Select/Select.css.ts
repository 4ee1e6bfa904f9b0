import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const trigger = style({
  justifyContent: 'space-between',
  cursor: 'pointer',
  textAlign: 'start',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
});

export const value = style({
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
