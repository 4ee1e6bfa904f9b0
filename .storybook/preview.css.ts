import { THEMES, vars } from '@cairn/tokens';
import { globalStyle, style } from '@vanilla-extract/css';

// The canvas wears the theme the toolbar chose, exactly as the panel's document would.
globalStyle('html, body', {
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
});

// The "Combos: all" toolbar choice: one cell per scheme x theme, each painting its own background so a
// designer compares the real colours side by side rather than the canvas's.
export const comboGrid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(${THEMES.length}, minmax(0, 1fr))`,
  gap: vars.space.md,
});

export const comboCell = style({
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.background,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const comboLabel = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.textMuted,
});
