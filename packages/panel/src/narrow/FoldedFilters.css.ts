import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { NARROW_SCREEN } from './narrowScreen.ts';

export const fold = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });

/** The one button, on phones only: wider screens show the filters themselves. */
export const toggle = style({
  display: 'none',
  '@media': { [NARROW_SCREEN]: { display: 'flex' } },
});

export const content = style({
  display: 'contents',
  '@media': {
    [NARROW_SCREEN]: {
      display: 'none',
      selectors: { '&[data-open]': { display: 'flex', flexDirection: 'column', gap: vars.space.sm } },
    },
  },
});
