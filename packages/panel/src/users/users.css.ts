import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const table = style({ width: '100%', maxWidth: 1100, borderCollapse: 'collapse' });

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
});

export const kind = style({
  textAlign: 'start',
  fontWeight: vars.fontWeight.medium,
  verticalAlign: 'middle',
});

// The column header names the picker for sighted users; assistive tech gets the kind as well.
export const srOnly = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
