// URLs are stored in their ASCII form (host in punycode, the rest percent-encoded, as `new URL().href`
// writes them): a Location header can carry nothing else, and every later reader (the click path, S2S
// delivery, exports) then meets one spelling. The tracker's macros are kept as written, since
// percent-encoding `{clickid}` into `%7Bclickid%7D` would stop it from being filled.

const MACRO = /\{[^{}]*\}/g;

/**
 * Whether a macro sits before the URL's path: in its scheme, user, host or port. There a visitor's value
 * (`https://{t1}/`) would choose the site a click is sent to, an open redirect; in the path, query or
 * fragment it is percent-encoded and stays on the site the URL names.
 */
export function hasMacroBeforePath(url: string): boolean {
  const schemeEnd = url.indexOf('://');
  const authorityStart = schemeEnd === -1 ? 0 : schemeEnd + 3;
  // As for http(s) URLs, a backslash ends the host like a slash does.
  const authorityLength = url.slice(authorityStart).search(/[/?#\\]/);
  const authorityEnd = authorityLength === -1 ? url.length : authorityStart + authorityLength;
  return /\{[^{}]*\}/.test(url.slice(0, authorityEnd));
}

/**
 * The ASCII form of an absolute URL, its macros intact; a text that does not parse is returned as it is
 * (the schemas refuse it before this runs).
 */
export function asciiUrl(url: string): string {
  const macros: string[] = [];
  // Letters and digits pass every part of a URL unchanged, so they stand in for the macros meanwhile.
  let marker = 'cairnmacro';
  while (url.includes(marker)) marker += 'x';
  const standIns = url.replace(MACRO, (macro) => `${marker}${macros.push(macro) - 1}q`);
  let href: string;
  try {
    href = new URL(standIns).href;
  } catch {
    return url;
  }
  return href.replace(new RegExp(`${marker}(\\d+)q`, 'g'), (_, index: string) => macros[Number(index)] ?? '');
}
