import type { PostbackLogEntry, PostbackOutcome, PostbackVia } from '@cairn/contract';

// What became of a postback, in the words of the trackers buyers know (Binom's and Keitaro's postback
// logs): accepted, a status change, a duplicate (or otherwise ignored), or rejected with the reason.

export interface OutcomeGroup {
  id: string;
  label: string;
  outcomes: PostbackOutcome[];
}

/** The outcome filter's choices: each a group of the stored outcomes. */
export const OUTCOME_GROUPS: readonly OutcomeGroup[] = [
  { id: 'accepted', label: 'Accepted', outcomes: ['recorded'] },
  { id: 'changed', label: 'Status change', outcomes: ['updated'] },
  { id: 'ignored', label: 'Duplicate/ignored', outcomes: ['ignored'] },
  { id: 'rejected', label: 'Rejected', outcomes: ['refused', 'invalid', 'unknown_click', 'error'] },
];

const REJECTION_REASONS: Record<PostbackOutcome, string> = {
  recorded: '',
  updated: '',
  ignored: '',
  refused: 'refused',
  invalid: 'malformed postback',
  unknown_click: 'unknown click',
  error: 'could not be processed, the network may retry',
};

export const VIA_LABELS: Record<PostbackVia, string> = {
  postback: 'Postback',
  pixel: 'Pixel',
  click: 'Click URL',
  upload: 'Upload',
};

/** "Accepted", "Status change: pending -> approved", "Duplicate/ignored: duplicate postback", "Rejected: unknown click". */
export function outcomeText(entry: Pick<PostbackLogEntry, 'outcome' | 'message'>): string {
  const why = (fallback: string) => entry.message || fallback;
  switch (entry.outcome) {
    case 'recorded':
      return 'Accepted';
    case 'updated':
      return entry.message ? `Status change: ${entry.message}` : 'Status change';
    case 'ignored':
      return entry.message ? `Duplicate/ignored: ${entry.message}` : 'Duplicate/ignored';
    default:
      return `Rejected: ${why(REJECTION_REASONS[entry.outcome])}`;
  }
}
