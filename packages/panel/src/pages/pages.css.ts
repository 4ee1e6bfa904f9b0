import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';

export const signInShell = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  padding: vars.space.lg,
});

export const signInCard = style({ width: 'min(420px, 100%)' });

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' });

export const message = style({
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSubtle,
  color: vars.color.dangerText,
});

export const note = style({ color: vars.color.textMuted, whiteSpace: 'pre-line' });

export const sectionLayout = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const definitionList = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
});

export const definitionTerm = style({ color: vars.color.textMuted });

export const definitionValue = style({ margin: 0, fontFamily: vars.font.mono });

export const qr = style({
  width: '200px',
  height: '200px',
  padding: vars.space.sm,
  background: vars.color.surface,
  color: vars.color.text,
  borderRadius: vars.radius.md,
});

export const preview = style({
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});

/** Forms read best at a limited width, whatever the window. */
export const narrow = style({
  maxWidth: '44rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
});

export const compactField = style({ maxWidth: '14rem' });
