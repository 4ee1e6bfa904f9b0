// Server text without markup needs no HTML sanitiser: this module holds everything ServerMessage needs
// for it, so DOMPurify (sanitize.ts) is fetched only once a message with markup is shown.

/** SPEC.md section 9: ids and names in server text are prefixed so they cannot clobber the panel's. */
export const USER_CONTENT_PREFIX = 'user-content-';

const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Trailing punctuation usually ends the sentence, not the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Splits plain text into text and bare-URL parts. */
export function findUrls(text: string): { text: string; url?: string }[] {
  const parts: { text: string; url?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING_PUNCTUATION, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: url, url: url.toLowerCase().startsWith('www.') ? `https://${url}` : url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Turns the bare URLs of every text node outside a link into links to a new tab, without an opener. */
export function linkify(root: Node) {
  const doc = root.ownerDocument ?? document;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const textNodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.parentElement?.closest('a') ?? null)) textNodes.push(node as Text);
  }
  for (const textNode of textNodes) {
    const parts = findUrls(textNode.data);
    if (!parts.some((part) => part.url)) continue;
    const fragment = doc.createDocumentFragment();
    for (const part of parts) {
      if (!part.url) {
        fragment.append(part.text);
        continue;
      }
      const link = doc.createElement('a');
      link.href = part.url;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      link.textContent = part.text;
      fragment.append(link);
    }
    textNode.replaceWith(fragment);
  }
}

// The characters an HTML parser reads as something other than text (a tag, a character reference) or
// rewrites (CR, NUL; a leading form feed is dropped): text with none of them parses to itself.
const NOT_PLAIN = /[<&\r\0\f]/;

/**
 * The HTML sanitizeServerText gives for text without markup, made without the sanitiser: the text,
 * escaped, with its bare URLs linked. Undefined when the text has markup (or anything the HTML parser
 * would read differently), which only the sanitiser may turn into HTML.
 */
export function plainTextHtml(text: string): string | undefined {
  if (NOT_PLAIN.test(text)) return undefined;
  return escapedTextHtml(text);
}

/** Any text shown as text, markup included (escaped), with its bare URLs linked. */
export function escapedTextHtml(text: string): string {
  const container = document.createElement('div');
  container.textContent = text;
  linkify(container);
  return container.innerHTML;
}

export type ServerDetail = string | readonly unknown[] | Readonly<Record<string, unknown>> | null | undefined;

/**
 * SPEC.md section 5: a list detail is joined by line breaks, a key-value detail becomes `key: value`
 * lines. Takes any parsed body field (`unknown`): a number or boolean is written out, anything else
 * without text gives ''.
 */
export function formatDetail(detail: unknown): string {
  if (detail == null) return '';
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map(stringify).join('\n');
  if (typeof detail !== 'object')
    return typeof detail === 'number' || typeof detail === 'boolean' ? String(detail) : '';
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${stringify(value)}`)
    .join('\n');
}

function stringify(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(stringify).join(', ');
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
