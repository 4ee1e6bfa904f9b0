import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { placeholderLook } from '../Field/Field.css.ts';

/** The field box of a text area: the text starts at the top, with room above and below it. */
export const frame = style({ alignItems: 'stretch', paddingBlock: vars.space.xs });

export const textarea = style({
  flex: 1,
  minWidth: 0,
  // The box grows with the text area when it is dragged taller.
  minHeight: '3lh',
  margin: 0,
  border: 'none',
  outline: 'none',
  padding: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  lineHeight: vars.lineHeight.normal,
  resize: 'vertical',
  selectors: {
    '&::placeholder': placeholderLook,
    '&:disabled': { cursor: 'not-allowed', resize: 'none' },
  },
});

/** For code-like text: URLs, one-per-line lists, tokens. */
export const monospace = style({ fontFamily: vars.font.mono });
