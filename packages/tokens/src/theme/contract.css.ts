import { createThemeContract } from '@vanilla-extract/css';

const toastColours = { background: null, text: null, border: null, icon: null } as const;

// The one contract every colour scheme fills (practice 1). Components read only these variables,
// never a colour literal, so a scheme is plain data and a new one cannot miss a token.
//
// Which text goes on which background is part of the contract: contrast.test.ts proves WCAG AA for
// exactly these pairs in every scheme and theme, so components should stick to them. In short:
// text/textMuted/accentText/link/<status>Text on any surface; textOnAccent on the solid
// accent/danger/success/warning/info fills; <status>Text on <status>Subtle; textInverse on text;
// toast.<type>.text on toast.<type>.background; table.*Text on the table background of the same name
// (rowText, textMuted, link, positiveText, negativeText on every plain row background).
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    surfaceSunken: null,
    surfaceHover: null,
    overlay: null,
    text: null,
    textMuted: null,
    textInverse: null,
    textOnAccent: null,
    border: null,
    borderStrong: null,
    focusRing: null,
    accent: null,
    accentHover: null,
    accentActive: null,
    accentSubtle: null,
    accentText: null,
    link: null,
    danger: null,
    dangerHover: null,
    dangerSubtle: null,
    dangerText: null,
    success: null,
    successSubtle: null,
    successText: null,
    warning: null,
    warningSubtle: null,
    warningText: null,
    info: null,
    infoSubtle: null,
    infoText: null,
    disabledBackground: null,
    disabledText: null,
    progressBar: null,
    skeleton: null,
    skeletonHighlight: null,
    codeBackground: null,
    codeText: null,
  },
  toast: {
    default: toastColours,
    success: toastColours,
    info: toastColours,
    error: toastColours,
    warning: toastColours,
  },
  table: {
    headerBackground: null,
    headerText: null,
    rowBackground: null,
    rowText: null,
    rowAltBackground: null,
    rowHoverBackground: null,
    rowSelectedBackground: null,
    totalsBackground: null,
    totalsText: null,
    border: null,
    verticalBorder: null,
    // "no" and "even-odd" modes: profit is told by the text colour alone.
    positiveText: null,
    negativeText: null,
    // "colored-cells": only the profit/ROI cells are tinted.
    positiveCellBackground: null,
    positiveCellText: null,
    negativeCellBackground: null,
    negativeCellText: null,
    // "colored-rows": the whole row is tinted by its profit.
    positiveRowBackground: null,
    positiveRowText: null,
    negativeRowBackground: null,
    negativeRowText: null,
  },
  chart: {
    series1: null,
    series2: null,
    series3: null,
    series4: null,
    series5: null,
    series6: null,
    series7: null,
    series8: null,
    grid: null,
    axis: null,
  },
  font: {
    body: null,
    mono: null,
  },
  // Every text size derives from the one font-size-delta variable through the scheme's scale.
  fontSize: {
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
  },
  fontWeight: {
    regular: null,
    medium: null,
    semibold: null,
    bold: null,
  },
  lineHeight: {
    tight: null,
    normal: null,
  },
  space: {
    none: null,
    xxs: null,
    xs: null,
    sm: null,
    md: null,
    lg: null,
    xl: null,
    xxl: null,
  },
  radius: {
    none: null,
    sm: null,
    md: null,
    lg: null,
    full: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
  },
  // Density differs per scheme (legacy is the classic dense look). `scale` is the unitless factor the
  // user's size preference gives every length of the scheme (see typography.ts).
  size: {
    scale: null,
    controlSm: null,
    controlMd: null,
    controlLg: null,
    tableRow: null,
    tableHeader: null,
    focusRingWidth: null,
  },
  motion: {
    fast: null,
    normal: null,
  },
  // The stacking order of everything that floats over the page, lowest first, in one place so a new layer
  // is placed against the others instead of guessing a number. The same in every scheme.
  zIndex: {
    raised: null,
    overlay: null,
    dialog: null,
    menu: null,
    toast: null,
    progress: null,
    tooltip: null,
  },
});

export type ThemeVars = typeof vars;
