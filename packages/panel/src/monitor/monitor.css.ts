import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export { cell, header, numeric, scroller, table } from '../utils/plainTable.css.ts';

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(22rem, 100%), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
});

export const wide = style({ gridColumn: '1 / -1' });

export const summary = style({ margin: `${vars.space.sm} 0 0`, color: vars.color.text });

export const details = style({ marginTop: vars.space.sm });

export const detailsSummary = style({ cursor: 'pointer', color: vars.color.link });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });

export const muted = style({ color: vars.color.textMuted });

export const liveNote = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const warning = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.warningSubtle,
  color: vars.color.warningText,
});

export const notice = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.infoSubtle,
  color: vars.color.infoText,
});

export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(18rem, 100%), 1fr))',
  gap: vars.space.md,
});

export const presets = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  alignItems: 'center',
});

export const presetsFieldset = style({ border: 0, margin: 0, padding: 0, minInlineSize: 0 });

export const presetsLabel = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const linkList = style({ margin: 0, paddingInlineStart: vars.space.lg });

export const creditList = style({
  margin: 0,
  paddingInlineStart: vars.space.lg,
  display: 'grid',
  gap: vars.space.sm,
});

/** A part of a page under its h1: an h2 with an optional line under it, above that part's cards. */
export const part = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const partHeading = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});

export const partDescription = style({ margin: 0, color: vars.color.textMuted });

export const subheading = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.semibold,
});

/** Links take the scheme's link colour: the browser's default blue is unreadable on a dark theme. */
export const link = style({ color: vars.color.link });
