import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

/** Whose a shared report is, after its name in the menu. */
export const owner = style({
  marginInlineStart: 'auto',
  paddingInlineStart: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** A long name on the menu's button ends in an ellipsis rather than widening the page's header. */
export const triggerLabel = style({
  maxWidth: '16rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
