// returnTo comes from the address bar, so anyone can craft it: only a path inside the panel is followed,
// never another origin. Checks run on the decoded value because the browser decodes before navigating.

const maxDecodeRounds = 5;

function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < maxDecodeRounds; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  // Still changing after several rounds: deliberately nested encoding, not a real path.
  return undefined;
}

/** The panel path to return to after sign-in, or undefined when the value is unsafe, empty or the root. */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const decoded = fullyDecoded(value);
  if (decoded === undefined) return undefined;
  if (!decoded.startsWith('/')) return undefined;
  if (decoded.startsWith('//')) return undefined;
  if (decoded.includes('\\')) return undefined;
  // Browsers drop tabs and newlines inside URLs, which would turn `/\t/host` into `//host`.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  if (/^\/*[a-z][a-z0-9+.-]*:/i.test(decoded)) return undefined;
  const pathOnly = decoded.split(/[?#]/)[0] ?? '';
  if (pathOnly === '/' || pathOnly === '') return undefined;
  return decoded;
}

/** The sign-in address that brings the user back to `path` afterwards (nothing to return to at the root). */
export function signInPath(path: string | undefined): string {
  const target = safeReturnTo(path);
  return target ? `/login?returnTo=${encodeURIComponent(target)}` : '/login';
}

/**
 * The returnTo of a sign-in address's query (`?returnTo=...`), when safe. A plain key needs no bracket
 * parsing, so the sign-in screen reads it without the query parser's weight.
 */
export function returnToFromSearch(search: string): string | undefined {
  return safeReturnTo(new URLSearchParams(search).get('returnTo') ?? undefined);
}
