import createDOMPurify from 'dompurify';

/** SPEC.md section 9: ids and names in server text are prefixed so they cannot clobber the panel's. */
export const USER_CONTENT_PREFIX = 'user-content-';

// Only harmless inline formatting survives; scripts, event handlers, images, forms and styles go.
const ALLOWED_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'code',
  'pre',
  'br',
  'p',
  'ul',
  'ol',
  'li',
  'span',
  'div',
];
const ALLOWED_ATTR = ['href', 'id', 'name', 'title'];
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
// Trailing punctuation usually ends the sentence, not the URL.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** A separate instance, so our hooks never leak into other users of DOMPurify. */
let purifier: ReturnType<typeof createDOMPurify> | undefined;
function getPurifier() {
  if (purifier) return purifier;
  purifier = createDOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!/^(?:https?:|mailto:)/i.test(href)) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return purifier;
}

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

function linkify(root: Node) {
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

/**
 * Server text -> safe HTML: markup outside a small formatting allowlist is stripped, ids and names
 * are prefixed with `user-content-`, bare URLs become links that open in a new tab without access
 * to the panel (`rel="noopener noreferrer"`).
 */
export function sanitizeServerText(text: string): string {
  const fragment = getPurifier().sanitize(text, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    SANITIZE_NAMED_PROPS: true,
    RETURN_DOM_FRAGMENT: true,
  });
  linkify(fragment);
  const container = document.createElement('div');
  container.append(fragment);
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
