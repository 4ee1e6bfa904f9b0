import type { ReportDimension } from './dimensions.ts';

// What a filter value that cannot match was probably meant to be: a country typed by its name is a
// two-letter code in the events ("United States" -> "US"), so a filter by the name would answer zeros.

const COUNTRY_CODE = /^[A-Z]{2}$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Codes Intl still names that no geo database hands out (Germany is DE, never DD), or not a country. */
// (the United Kingdom is GB in ISO 3166, UK only reserved).
const WITHDRAWN = new Set('AN BU CS DD DY EU EZ FX HV NH NT QO RH SU TP UK UN VD YD YU ZR'.split(' '));

let countryCodes: Map<string, string> | undefined;

/** Every region code Intl can name, by its English name in lower case ("united states" -> "US"). */
function countryCodesByName(): Map<string, string> {
  if (countryCodes) return countryCodes;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  countryCodes = new Map();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = `${first}${second}`;
      const name = names.of(code);
      if (name && !WITHDRAWN.has(code)) countryCodes.set(name.toLowerCase(), code);
    }
  }
  return countryCodes;
}

/** The country code of a country's English name, or of a lower-case code ("us"); undefined if none. */
export function countryCodeOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (COUNTRY_CODE.test(trimmed.toUpperCase()) && trimmed.length === 2) return trimmed.toUpperCase();
  return countryCodesByName().get(trimmed.toLowerCase());
}

/**
 * The value an unmatchable filter value stands for, when it can be told ("US" for "United States"), so
 * the refusal can name it.
 */
export function filterValueSuggestion(dimension: ReportDimension, text: string): string | undefined {
  if (dimension === 'country') return countryCodeOf(text);
  return undefined;
}
