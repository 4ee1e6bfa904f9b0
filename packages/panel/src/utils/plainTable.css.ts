import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

// A small native table of facts (the monitor's sections, the triggers' rules and firings): one look for all.

/** A wide table scrolls sideways in its card rather than widening the page. */
export const scroller = style({ overflowX: 'auto' });

export const table = style({ width: '100%', borderCollapse: 'collapse' });

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
  overflowWrap: 'anywhere',
});

export const numeric = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums' });
