import { vars } from '@cairn/tokens';
import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { FORCED_FOCUS_RING, forcedColors } from '../styles/forcedColors.ts';
import { motionSafe } from '../styles/motion.ts';

export const BUTTON_VARIANTS = ['solid', 'soft', 'outline', 'ghost'] as const;
export const BUTTON_TONES = ['accent', 'neutral', 'danger'] as const;
export const BUTTON_SIZES = ['sm', 'md', 'lg'] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonTone = (typeof BUTTON_TONES)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];

const toneColours = {
  accent: {
    main: vars.color.accent,
    hover: vars.color.accentHover,
    subtle: vars.color.accentSubtle,
    text: vars.color.accentText,
    on: vars.color.textOnAccent,
  },
  neutral: {
    main: vars.color.text,
    hover: vars.color.textMuted,
    subtle: vars.color.surfaceSunken,
    text: vars.color.text,
    on: vars.color.textInverse,
  },
  danger: {
    main: vars.color.danger,
    hover: vars.color.dangerHover,
    subtle: vars.color.dangerSubtle,
    text: vars.color.dangerText,
    on: vars.color.textOnAccent,
  },
} as const;

const disabled = '&:disabled, &[aria-disabled="true"]:not([aria-busy="true"])';

// A disabled button keeps its variant's shape but loses its colour: filled variants take the disabled
// fill, outlined ones a faint border, ghost ones stay bare. Filling every variant the same grey made a
// disabled ghost button (the flow editor's arrows) look like an enabled soft one.
const disabledLook = {
  solid: { background: vars.color.disabledBackground, borderColor: 'transparent' },
  soft: { background: vars.color.disabledBackground, borderColor: 'transparent' },
  outline: { background: 'transparent', borderColor: vars.color.border, borderStyle: 'dashed' },
  ghost: { background: 'transparent' },
} as const;

export const button = recipe({
  base: motionSafe({
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    borderRadius: vars.radius.md,
    borderWidth: 1,
    borderStyle: 'solid',
    borderColor: 'transparent',
    fontFamily: vars.font.body,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    textDecoration: 'none',
    transition: `background-color ${vars.motion.fast}, border-color ${vars.motion.fast}, color ${vars.motion.fast}`,
    selectors: {
      '&:focus-visible': {
        outline: `${vars.size.focusRingWidth} solid ${vars.color.focusRing}`,
        ...FORCED_FOCUS_RING,
        outlineOffset: '2px',
      },
      // A loading button is aria-disabled too, but keeps its variant look (with a spinner).
      '&[aria-busy="true"]': { cursor: 'progress' },
      [disabled]: { cursor: 'not-allowed', color: vars.color.disabledText },
    },
    // Solid and ghost buttons have a transparent border and are told apart from text by their fill, which
    // the system repaints as Canvas: a border in the system's button colour keeps every button a button.
    ...forcedColors({
      borderColor: 'ButtonText',
      selectors: { [disabled]: { borderColor: 'GrayText', color: 'GrayText' } },
    }),
  }),
  variants: {
    variant: { solid: {}, soft: {}, outline: {}, ghost: {} },
    tone: { accent: {}, neutral: {}, danger: {} },
    size: {
      sm: { height: vars.size.controlSm, paddingInline: vars.space.sm, fontSize: vars.fontSize.sm },
      md: { height: vars.size.controlMd, paddingInline: vars.space.md, fontSize: vars.fontSize.md },
      lg: { height: vars.size.controlLg, paddingInline: vars.space.lg, fontSize: vars.fontSize.lg },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  compoundVariants: BUTTON_TONES.flatMap((tone) => {
    const c = toneColours[tone];
    const enabledHover = '&:hover:not(:disabled):not([aria-disabled="true"])';
    return [
      {
        variants: { variant: 'solid' as const, tone },
        style: {
          background: c.main,
          color: c.on,
          selectors: { [enabledHover]: { background: c.hover }, [disabled]: disabledLook.solid },
        },
      },
      {
        variants: { variant: 'soft' as const, tone },
        style: {
          background: c.subtle,
          color: c.text,
          selectors: { [enabledHover]: { borderColor: c.main }, [disabled]: disabledLook.soft },
        },
      },
      {
        variants: { variant: 'outline' as const, tone },
        style: {
          background: 'transparent',
          borderColor: vars.color.borderStrong,
          color: c.text,
          selectors: {
            [enabledHover]: { background: vars.color.surfaceHover },
            [disabled]: disabledLook.outline,
          },
        },
      },
      {
        variants: { variant: 'ghost' as const, tone },
        style: {
          background: 'transparent',
          color: c.text,
          selectors: {
            [enabledHover]: { background: vars.color.surfaceHover },
            [disabled]: disabledLook.ghost,
          },
        },
      },
    ];
  }),
  defaultVariants: { variant: 'solid', tone: 'accent', size: 'md', fullWidth: false },
});

// Transparent rather than visibility:hidden, so the label keeps naming the button while it loads.
export const hiddenContent = style({
  opacity: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
});
export const spinnerOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});

export const iconOnly = recipe({
  base: { paddingInline: 0, aspectRatio: '1' },
  variants: {
    size: {
      sm: { width: vars.size.controlSm },
      md: { width: vars.size.controlMd },
      lg: { width: vars.size.controlLg },
    },
  },
});
