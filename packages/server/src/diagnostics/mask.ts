// What the diagnostics bundle may show of the settings: a bug report is pasted into a public tracker, so
// every value that could open something is masked before it leaves the server. Names decide first (a key,
// token, password or secret is masked whatever it looks like); then any URL loses its password and any
// query parameter whose name says secret, since database and ClickHouse URLs carry them inline.

export const MASK = '[masked]';

const SECRET_NAME = /secret|password|passwd|pass(?:$|_)|token|key|credential|auth|cookie/i;
/** Names the pattern catches that hold nothing secret: the public half of a key pair, files and paths. */
const NOT_SECRET_NAME = /^(licensePublicKey|CAIRN_LICENSE_PUBLIC_KEY)$/;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET_NAME.test(name);
}

const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>]+/gi;

/** A URL with its password and secret-named query parameters masked; text that is no URL unchanged. */
function maskUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not parseable: still hide what sits between "user:" and "@".
    return text.replace(/\/\/([^/:@\s]*):[^@/\s]*@/, `//$1:${MASK}@`);
  }
  let changed = false;
  if (url.password) {
    url.password = MASK;
    changed = true;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (isSecretName(name)) {
      url.searchParams.set(name, MASK);
      changed = true;
    }
  }
  return changed ? url.toString() : text;
}

/** Every URL inside a text masked (an error message can quote a connection string). */
export function maskText(text: string): string {
  return text.replace(URL_IN_TEXT, (found) => maskUrl(found));
}

/** A settings value fit to show: masked as a whole under a secret name, its URLs masked otherwise. */
export function maskValue(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return value ?? null;
  // A number or a switch under such a name is a limit (apiKeyRequestsPerMinute), never a secret.
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (isSecretName(name)) return MASK;
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map((item) => maskValue(name, item));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskValue(key, inner)]));
  }
  return value;
}
