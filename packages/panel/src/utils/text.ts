// Text helpers for labels the panel builds from lower-case names (entity names, actions, closed values).

/** The text with its first character upper-cased, the rest as given: `traffic source` -> `Traffic source`. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
