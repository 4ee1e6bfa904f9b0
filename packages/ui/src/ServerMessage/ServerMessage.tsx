import { useMemo } from 'react';
import * as styles from './ServerMessage.css.ts';
import { formatDetail, type ServerDetail, sanitizeServerText } from './sanitize.ts';

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

/** Renders server error text safely (see sanitizeServerText); line breaks are kept. */
export function ServerMessage({
  message,
  detail,
  errors,
  className,
  as: Element = 'div',
}: ServerMessageProps) {
  const html = useMemo(() => {
    const blocks = [message, formatDetail(detail)];
    for (const error of errors ?? []) blocks.push(error.message, formatDetail(error.detail));
    return sanitizeServerText(blocks.filter((block) => block.trim() !== '').join('\n'));
  }, [message, detail, errors]);
  return (
    <Element
      className={[styles.root, className].filter(Boolean).join(' ')}
      // Safe: the HTML comes out of DOMPurify with a formatting-only allowlist.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized just above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
