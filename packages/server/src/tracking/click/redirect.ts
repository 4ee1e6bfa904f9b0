import crypto from 'node:crypto';
import { encodeText, type RedirectMode } from '@cairn/contract';

// How a visitor is sent on. Every value placed in a page is escaped for its context (HTML attribute or
// script string), and only http(s) URLs are followed, so nothing from a request can add markup or
// script. The pages carry a CSP that allows only what they need.

export interface RedirectAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

const NO_STORE = 'no-store, no-cache, must-revalidate, max-age=0';

// Node throws from writeHead on a header value with a control character or one beyond Latin-1, and
// URLs reach a Location from settings and entities stored before URLs were kept in ASCII, or written by
// tools around the API. Printable ASCII, nearly every URL, passes untouched at the cost of one test.
const HEADER_SAFE = /^[\x21-\x7e]*$/;

/**
 * `url` as a value any header takes: an IDN host in punycode and the rest percent-encoded, as the URL
 * parser writes it; what does not parse has every character outside printable ASCII percent-encoded.
 * Never throws.
 */
export function headerSafeUrl(url: string): string {
  if (HEADER_SAFE.test(url)) return url;
  try {
    const href = new URL(url).href;
    if (HEADER_SAFE.test(href)) return href;
  } catch {
    // Not a URL the parser takes: encoded character by character below.
  }
  let safe = '';
  for (const char of url) {
    const code = char.codePointAt(0) ?? 0;
    safe += code > 0x20 && code < 0x7f ? char : encodeText(char);
  }
  return safe;
}

export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/[^\s]/i.test(url);
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A string literal safe inside <script>: JSON with the characters that could close the element escaped. */
function scriptString(text: string): string {
  return JSON.stringify(text)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function page(head: string, csp: string, extraHeaders: Record<string, string> = {}): RedirectAnswer {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': NO_STORE,
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      ...extraHeaders,
    },
    body: `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">${head}<title>Redirecting</title></head><body></body></html>`,
  };
}

function metaRefresh(url: string, extraHead = '', extraHeaders: Record<string, string> = {}): RedirectAnswer {
  return page(
    `${extraHead}<meta http-equiv="refresh" content="0;url=${escapeHtml(url)}">`,
    "default-src 'none'; base-uri 'none'; form-action 'none'",
    extraHeaders,
  );
}

/**
 * The answer that sends the visitor to `url` in the given mode. `hopUrl` is the tracker's own second
 * hop for the double meta refresh (it drops the referrer); the caller signs it.
 */
export function redirectAnswer(mode: RedirectMode, url: string, hopUrl: string): RedirectAnswer {
  switch (mode) {
    case 'meta_refresh':
      return metaRefresh(url);
    case 'double_meta_refresh':
      return metaRefresh(hopUrl, '<meta name="referrer" content="no-referrer">', {
        'referrer-policy': 'no-referrer',
      });
    case 'javascript': {
      const nonce = crypto.randomBytes(12).toString('base64');
      return page(
        `<script nonce="${nonce}">window.location.replace(${scriptString(url)});</script><noscript><meta http-equiv="refresh" content="0;url=${escapeHtml(url)}"></noscript>`,
        `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'`,
      );
    }
    default:
      return {
        status: 302,
        headers: { location: headerSafeUrl(url), 'cache-control': NO_STORE },
        body: null,
      };
  }
}

/** The second hop of a double meta refresh: a page on the tracker that forwards without a referrer. */
export function hopAnswer(url: string): RedirectAnswer {
  return metaRefresh(url, '<meta name="referrer" content="no-referrer">', {
    'referrer-policy': 'no-referrer',
  });
}

/** The tracker's answer when a click has nowhere to go: the configured fallback, else a plain 404. */
export function fallbackAnswer(fallbackUrl: string | null): RedirectAnswer {
  if (fallbackUrl && isHttpUrl(fallbackUrl)) {
    return {
      status: 302,
      headers: { location: headerSafeUrl(fallbackUrl), 'cache-control': NO_STORE },
      body: null,
    };
  }
  return {
    status: 404,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': NO_STORE,
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    },
    body: '<!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head><body><h1>Not found</h1></body></html>',
  };
}
