import { consoleLogger, type TokensLogger } from '../logger.ts';

// Every id here must render from files the panel and Storybook ship (see font-faces.css and
// font-faces.css.ts): a choice that silently falls back to the host's fonts is no choice. Vela Sans, the
// spec's default, is published under no open licence: its faces ship from Inter's files under its name
// (packages/panel/public/fonts/vela-sans/README.txt), and an operator's licensed files replace them.
export const FONT_IDS = [
  'vela-sans',
  'fira-code',
  'ibm-plex-mono',
  'inter',
  'liberation-mono',
  'montserrat',
  'open-sans',
  'roboto',
  'source-code-pro',
] as const;
export type FontId = (typeof FONT_IDS)[number];

export const DEFAULT_FONT_ID: FontId = 'vela-sans';

export type FontKind = 'sans' | 'mono';

/**
 * Where a font's files come from: an npm @fontsource package bundled by Vite, or the panel's static font
 * folder (packages/panel/public/fonts, which Storybook serves at the same path) for a family no package ships.
 */
export type FontSource = 'fontsource' | 'static';

export interface FontDefinition {
  readonly id: FontId;
  readonly label: string;
  /** The CSS font-family name, as declared by the @font-face rules. */
  readonly family: string;
  readonly kind: FontKind;
  readonly source: FontSource;
}

/** The URL folder the panel (and Storybook) serve the static font files from. */
export const STATIC_FONT_BASE_PATH = '/panel/fonts';

export const FONTS: Readonly<Record<FontId, FontDefinition>> = {
  'vela-sans': { id: 'vela-sans', label: 'Vela Sans', family: 'Vela Sans', kind: 'sans', source: 'static' },
  'fira-code': {
    id: 'fira-code',
    label: 'Fira Code',
    family: 'Fira Code',
    kind: 'mono',
    source: 'fontsource',
  },
  'ibm-plex-mono': {
    id: 'ibm-plex-mono',
    label: 'IBM Plex Mono',
    family: 'IBM Plex Mono',
    kind: 'mono',
    source: 'fontsource',
  },
  inter: { id: 'inter', label: 'Inter', family: 'Inter', kind: 'sans', source: 'fontsource' },
  'liberation-mono': {
    id: 'liberation-mono',
    label: 'Liberation Mono',
    family: 'Liberation Mono',
    kind: 'mono',
    source: 'static',
  },
  montserrat: {
    id: 'montserrat',
    label: 'Montserrat',
    family: 'Montserrat',
    kind: 'sans',
    source: 'fontsource',
  },
  'open-sans': {
    id: 'open-sans',
    label: 'Open Sans',
    family: 'Open Sans',
    kind: 'sans',
    source: 'fontsource',
  },
  roboto: { id: 'roboto', label: 'Roboto', family: 'Roboto', kind: 'sans', source: 'fontsource' },
  'source-code-pro': {
    id: 'source-code-pro',
    label: 'Source Code Pro',
    family: 'Source Code Pro',
    kind: 'mono',
    source: 'fontsource',
  },
};

// Same-kind stacks, so a font that is missing everywhere degrades to something of the same shape
// (a proportional panel stays proportional, tabular mono stays mono).
export const FALLBACK_STACKS: Readonly<Record<FontKind, string>> = {
  sans: "system-ui, -apple-system, 'Segoe UI', 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif",
  mono: "ui-monospace, 'Cousine', 'Courier New', 'DejaVu Sans Mono', monospace",
};

/** The full CSS font-family value for a font: its own family first, then the stack of its kind. */
export function fontStack(id: FontId): string {
  const font = FONTS[id];
  return `'${font.family}', ${FALLBACK_STACKS[font.kind]}`;
}

export function isFontId(value: unknown): value is FontId {
  return typeof value === 'string' && (FONT_IDS as readonly string[]).includes(value);
}

/**
 * Accepts a font id chosen by a user or read from anywhere untrusted. An unknown id is rejected and
 * logged (SPEC.md section 5); the caller gets undefined and keeps its current font.
 */
export function parseFontId(value: unknown, logger: TokensLogger = consoleLogger): FontId | undefined {
  if (isFontId(value)) return value;
  logger.warn('Invalid font rejected', value);
  return undefined;
}
