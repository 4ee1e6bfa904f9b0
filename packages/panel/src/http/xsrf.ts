import { XSRF_COOKIE, XSRF_HEADER } from '@cairn/contract';

export const xsrfCookieName = XSRF_COOKIE;
export const xsrfHeaderName = XSRF_HEADER;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !safeMethods.has(method.toUpperCase());
}

export function readCookie(
  name: string,
  cookies: string = globalThis.document?.cookie ?? '',
): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const raw = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}
