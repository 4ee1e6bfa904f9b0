import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

// On narrow screens a row's cells flow one under another (the kind, then its controls at full width),
// so the form never scrolls sideways; the elements carry their table roles explicitly, which keeps the
// table a table for screen readers when their display changes.
const narrow = 'screen and (max-width: 600px)';

export const table = style({
  width: '100%',
  maxWidth: 1100,
  borderCollapse: 'collapse',
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
      flexDirection: 'column',
      gap: vars.space.xs,
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

export const cell = style({
  padding: vars.space.xs,
  verticalAlign: 'top',
  borderTop: `1px solid ${vars.color.border}`,
  minWidth: '9em',
  '@media': { [narrow]: { display: 'block', minWidth: 0, padding: 0, border: 0 } },
});

export const kind = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  verticalAlign: 'middle',
});
