import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

// The header cells look as in the plain facts table; only the rows stack on narrow screens.
export { header } from './plainTable.css.ts';

// A table that becomes blocks on narrow screens, so its page never scrolls sideways. Its elements
// carry their table roles explicitly, which keeps it a table for screen readers when their display
// changes. The audit trail and the user form's permissions build on these parts.

export const narrow = 'screen and (max-width: 600px)';

export const table = style({
  width: '100%',
  maxWidth: 1100,
  borderCollapse: 'collapse',
  '@media': { [narrow]: { display: 'block' } },
});

/** Column headers stay for screen readers but leave the narrow layout. */
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

/** A row's narrow-screen frame; the row's own style says how its cells flow. */
export const row = style({
  '@media': { [narrow]: { paddingBlock: vars.space.xs, borderTop: `1px solid ${vars.color.border}` } },
});

export const cell = style({
  padding: vars.space.xs,
  verticalAlign: 'top',
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [narrow]: { display: 'block', padding: 0, border: 0 } },
});
