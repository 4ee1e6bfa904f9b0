import { vars } from '@cairn/tokens';
import { recipe } from '@vanilla-extract/recipes';

export const BADGE_TONES = ['neutral', 'accent', 'success', 'warning', 'danger', 'info'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];
export const BADGE_VARIANTS = ['soft', 'solid', 'outline'] as const;
export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

const tones: Record<BadgeTone, { main: string; subtle: string; text: string; on: string }> = {
  neutral: {
    main: vars.color.textMuted,
    subtle: vars.color.surfaceSunken,
    text: vars.color.text,
    on: vars.color.textInverse,
  },
  accent: {
    main: vars.color.accent,
    subtle: vars.color.accentSubtle,
    text: vars.color.accentText,
    on: vars.color.textOnAccent,
  },
  success: {
    main: vars.color.success,
    subtle: vars.color.successSubtle,
    text: vars.color.successText,
    on: vars.color.textOnAccent,
  },
  // Warning fills are mid-tone amber: the inverse text colour is the one that reaches 4.5:1 on them.
  warning: {
    main: vars.color.warning,
    subtle: vars.color.warningSubtle,
    text: vars.color.warningText,
    on: vars.color.textInverse,
  },
  danger: {
    main: vars.color.danger,
    subtle: vars.color.dangerSubtle,
    text: vars.color.dangerText,
    on: vars.color.textOnAccent,
  },
  info: {
    main: vars.color.info,
    subtle: vars.color.infoSubtle,
    text: vars.color.infoText,
    on: vars.color.textOnAccent,
  },
};

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    height: '1.6em',
    paddingInline: vars.space.xs,
    borderRadius: vars.radius.full,
    border: '1px solid transparent',
    fontFamily: vars.font.body,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    lineHeight: 1,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: Object.fromEntries(BADGE_TONES.map((tone) => [tone, {}])) as Record<BadgeTone, object>,
    variant: { soft: {}, solid: {}, outline: {} },
  },
  compoundVariants: BADGE_TONES.flatMap((tone) => {
    const c = tones[tone];
    return [
      { variants: { tone, variant: 'soft' as const }, style: { background: c.subtle, color: c.text } },
      { variants: { tone, variant: 'solid' as const }, style: { background: c.main, color: c.on } },
      { variants: { tone, variant: 'outline' as const }, style: { borderColor: c.main, color: c.text } },
    ];
  }),
  defaultVariants: { tone: 'neutral', variant: 'soft' },
});

export const dot = recipe({
  base: { width: 6, height: 6, borderRadius: vars.radius.full, background: 'currentColor', flexShrink: 0 },
});
