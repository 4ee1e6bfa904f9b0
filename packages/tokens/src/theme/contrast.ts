// WCAG 2.x relative luminance and contrast ratio, for the palette tests and the palette stories.

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** Parses an opaque `#rgb` or `#rrggbb` colour; anything else throws, since contrast needs opaque colours. */
export function parseHexColour(colour: string): [number, number, number] {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!match?.[1]) throw new Error(`Not an opaque hex colour: ${colour}`);
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

export function relativeLuminance(colour: string): number {
  const [red, green, blue] = parseHexColour(colour).map(channel) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The WCAG contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [lighter, darker] = [relativeLuminance(foreground), relativeLuminance(background)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** WCAG 2 AA for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;
/** WCAG 2 AA for focus indicators, icons, chart marks and control borders (1.4.11 non-text contrast). */
export const AA_NON_TEXT_CONTRAST = 3;
/** WCAG 2 AAA for normal-size text: what the high-contrast palette holds every text pair to. */
export const AAA_TEXT_CONTRAST = 7;
