import { Check, Copy } from 'lucide-react';
import { useCopy } from '../CopyField/useCopy.ts';
import { IconButton } from '../IconButton/IconButton.tsx';
import * as styles from './CodeBlock.css.ts';

export interface CodeBlockProps {
  code: string;
  /** Shown as a caption (e.g. "html", "php", "postback"). */
  language?: string;
  /** Wrap long lines instead of scrolling sideways (long URLs). */
  wrap?: boolean;
  /** Show a copy button; on by default. */
  copyable?: boolean;
  copyLabel?: string;
  copiedLabel?: string;
}

/** Preformatted code (landing-page scripts, postback templates) with an optional copy button. */
export function CodeBlock({
  code,
  language,
  wrap = false,
  copyable = true,
  copyLabel = 'Copy code',
  copiedLabel = 'Copied',
}: CodeBlockProps) {
  const { status, copy } = useCopy();
  return (
    <figure className={styles.root}>
      {(language != null || copyable) && (
        <figcaption className={styles.caption}>
          <span>{language}</span>
          {copyable && (
            <IconButton
              label={status === 'copied' ? copiedLabel : copyLabel}
              size="sm"
              onClick={() => copy(code)}
            >
              {status === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
            </IconButton>
          )}
        </figcaption>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it */}
      <pre className={wrap ? `${styles.pre} ${styles.wrap}` : styles.pre} tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
