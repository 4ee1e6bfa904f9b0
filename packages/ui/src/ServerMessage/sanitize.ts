import createDOMPurify from 'dompurify';
import { linkify } from './serverText.ts';

// The sanitiser of server text with markup, a chunk of its own (DOMPurify is most of its weight):
// ServerMessage fetches it with the first such message, plain text never needs it.

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

/**
 * Server text -> safe HTML: markup outside a small formatting allowlist is stripped, ids and names
 * are prefixed with `user-content-` (USER_CONTENT_PREFIX), bare URLs become links that open in a new
 * tab without access to the panel (`rel="noopener noreferrer"`).
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
