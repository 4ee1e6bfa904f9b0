import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { FORCED_FOCUS_RING } from '../styles/forcedColors.ts';
import { motionSafe } from '../styles/motion.ts';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontFamily: vars.font.body,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const required = style({ color: vars.color.dangerText, marginInlineStart: vars.space.xxs });

// Helper and error text take the small step (12 px at the default scheme and delta), never the extra
// small one: they carry what a field means and what went wrong, not decoration.
export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const error = style({
  display: 'flex',
  gap: vars.space.xxs,
  alignItems: 'center',
  fontSize: vars.fontSize.sm,
  color: vars.color.dangerText,
});

/**
 * How every control shows a placeholder: muted and in italics, so an example ("USD", "track.example.com")
 * cannot pass for a value that is filled in.
 */
export const placeholderLook = { color: vars.color.textMuted, fontStyle: 'italic', opacity: 1 } as const;

export const FIELD_SIZES = ['sm', 'md', 'lg'] as const;
export type FieldSize = (typeof FIELD_SIZES)[number];

/** The look of every text-like control (input, select trigger, combobox). */
export const control = recipe({
  base: motionSafe({
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xs,
    // Border-box, so a full-width control with padding and border never overflows its column.
    boxSizing: 'border-box',
    width: '100%',
    minWidth: 0,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.borderStrong}`,
    background: vars.color.surface,
    color: vars.color.text,
    fontFamily: vars.font.body,
    transition: `border-color ${vars.motion.fast}`,
    selectors: {
      '&:hover': { borderColor: vars.color.accent },
      '&:focus-within, &:focus-visible': {
        outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
        ...FORCED_FOCUS_RING,
        outlineOffset: '1px',
      },
      '&[data-invalid="true"]': { borderColor: vars.color.danger },
      '&[data-disabled="true"], &:disabled, &[data-disabled]': {
        background: vars.color.disabledBackground,
        color: vars.color.disabledText,
        cursor: 'not-allowed',
        borderColor: vars.color.border,
      },
    },
  }),
  variants: {
    size: {
      sm: { minHeight: vars.size.controlSm, paddingInline: vars.space.xs, fontSize: vars.fontSize.sm },
      md: { minHeight: vars.size.controlMd, paddingInline: vars.space.sm, fontSize: vars.fontSize.md },
      lg: { minHeight: vars.size.controlLg, paddingInline: vars.space.md, fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

/** A bare input living inside a `control` box (the box draws border and focus ring). */
export const input = style({
  flex: 1,
  minWidth: 0,
  height: '100%',
  border: 'none',
  outline: 'none',
  padding: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  selectors: {
    '&::placeholder': placeholderLook,
    '&:disabled': { cursor: 'not-allowed' },
  },
});

export const adornment = style({
  display: 'flex',
  alignItems: 'center',
  color: vars.color.textMuted,
  flexShrink: 0,
});
