import { useEffect, useMemo, useSyncExternalStore } from 'react';
import * as styles from './ServerMessage.css.ts';
import { loadSanitizer, sanitizerState, subscribeSanitizer } from './sanitizer.ts';
import { escapedTextHtml, formatDetail, plainTextHtml, type ServerDetail } from './serverText.ts';

export interface ServerMessageProps {
  /** Error text from the server; may contain markup and bare URLs. */
  message: string;
  /** Extra detail: a string, a list (one per line) or a key-value object (`key: value` lines). */
  detail?: ServerDetail;
  /** One entry per error when the server sent a list of `{ message, detail }`. */
  errors?: readonly { message: string; detail?: ServerDetail }[];
  className?: string;
  /** `span` for places that take only inline content, such as a title rendered in a <p>. */
  as?: 'div' | 'span';
}

/**
 * The safe HTML of server text. Plain text is escaped and linked at once; text with markup waits for
 * the sanitiser (fetched on first need, shown empty until then). Should the sanitiser not arrive, the
 * text is shown as text, markup escaped, rather than not at all.
 */
function useServerHtml(text: string): string {
  const sanitizer = useSyncExternalStore(subscribeSanitizer, sanitizerState, sanitizerState);
  const plain = useMemo(() => plainTextHtml(text), [text]);
  const needsSanitizer = plain === undefined && sanitizer.status !== 'ready';
  useEffect(() => {
    // Shared by every message waiting; a failure shows as the fallback below and is logged here.
    if (needsSanitizer) loadSanitizer().catch((error: unknown) => console.error(error));
  }, [needsSanitizer]);
  return useMemo(() => {
    if (plain !== undefined) return plain;
    if (sanitizer.status === 'ready') return sanitizer.sanitize(text);
    return sanitizer.status === 'failed' ? escapedTextHtml(text) : '';
  }, [plain, sanitizer, text]);
}

/** Renders server error text safely (see sanitizeServerText); line breaks are kept. */
export function ServerMessage({
  message,
  detail,
  errors,
  className,
  as: Element = 'div',
}: ServerMessageProps) {
  const text = useMemo(() => {
    const blocks = [message, formatDetail(detail)];
    for (const error of errors ?? []) blocks.push(error.message, formatDetail(error.detail));
    return blocks.filter((block) => block.trim() !== '').join('\n');
  }, [message, detail, errors]);
  const html = useServerHtml(text);
  return (
    <Element
      className={[styles.root, className].filter(Boolean).join(' ')}
      // Safe: plain text escaped, or the HTML out of DOMPurify with a formatting-only allowlist.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped or sanitized just above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
