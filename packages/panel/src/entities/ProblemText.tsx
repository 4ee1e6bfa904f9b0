import { formatDetail, sanitizeServerText } from '@cairn/ui';
import type { CallProblem } from './api.ts';
import * as styles from './entities.css.ts';

/**
 * A failed call's text, sanitised like the ui ServerMessage, but in a <span>: for places that take only
 * inline content, such as the DataTable error state, which shows it as the <p> title of an EmptyState
 * (a ServerMessage there is a <div> inside a <p>, invalid HTML that React warns about).
 */
export function ProblemText({ problem }: { problem: CallProblem }) {
  const blocks = [problem.message];
  for (const error of problem.errors) blocks.push(error.message, formatDetail(error.detail));
  const html = sanitizeServerText(blocks.filter((block) => block.trim() !== '').join('\n'));
  return (
    <span
      className={styles.problemText}
      // Safe: the HTML comes out of the ui sanitiser (DOMPurify with a formatting-only allowlist).
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized just above
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
