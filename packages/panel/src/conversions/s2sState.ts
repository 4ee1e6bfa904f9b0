import type { S2sDelivery } from '@cairn/contract';

// An S2S postback's delivery in the words a buyer reads: "Delivered", "Failing (5 tries): connection
// refused", "Failed (9 tries): HTTP 503". Why an attempt failed comes only to admins (the server leaves
// it out for everyone else), so a plain user reads the state and the count alone.

const REASONS: readonly [RegExp, string][] = [
  [/ECONNREFUSED/, 'connection refused'],
  [/ENOTFOUND|EAI_AGAIN/, 'host not found'],
  [/ECONNRESET|socket hang up/i, 'connection reset'],
  [/ETIMEDOUT|TimeoutError|timed? ?out|aborted/i, 'timed out'],
  [/CERT|certificate|SSL|TLS/i, 'TLS certificate refused'],
  [/OutboundRefused/, 'address not allowed'],
];

/** Why the last attempt failed, in a few words; '' when the answer says nothing (or is hidden). */
export function s2sReason(s2s: Pick<S2sDelivery, 'lastStatus' | 'lastError'>): string {
  if (s2s.lastStatus !== null) return `HTTP ${s2s.lastStatus}`;
  const error = s2s.lastError ?? '';
  if (error === '') return '';
  const known = REASONS.find(([pattern]) => pattern.test(error));
  if (known) return known[1];
  // "Error: something": the class name says nothing a buyer needs.
  return error.replace(/^[A-Za-z]*Error: /, '');
}

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

/** The delivery state in words, with the tries and the reason while it is failing or failed. */
export function s2sStateText(
  s2s: Pick<S2sDelivery, 'state' | 'attempts' | 'lastStatus' | 'lastError'>,
): string {
  const reason = s2sReason(s2s);
  const failing = (word: string) => `${word} (${tries(s2s.attempts)})${reason ? `: ${reason}` : ''}`;
  switch (s2s.state) {
    case 'delivered':
      return 'Delivered';
    case 'failed':
      return failing('Failed');
    case 'pending':
      return s2s.attempts > 0 ? failing('Failing') : 'Pending';
    case 'skipped':
      return 'Not sent (held back)';
    default:
      return 'No postback';
  }
}
