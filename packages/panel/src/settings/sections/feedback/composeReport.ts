// Settings > Feedback composes the report; the user files it. Nothing here sends anything anywhere.

export const REPORT_KINDS = ['bug', 'idea', 'question'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  bug: 'Bug',
  idea: 'Idea',
  question: 'Question',
};

export interface FeedbackDraft {
  kind: ReportKind;
  summary: string;
  happened: string;
  expected: string;
  steps: string;
}

export const EMPTY_DRAFT: FeedbackDraft = { kind: 'bug', summary: '', happened: '', expected: '', steps: '' };

/** What each kind's text fields are called, as a reader of the issue expects them. */
export const FIELD_HEADINGS: Record<ReportKind, { happened: string; expected: string; steps: string }> = {
  bug: { happened: 'What happened', expected: 'What I expected', steps: 'Steps to reproduce' },
  idea: { happened: 'What I am trying to do', expected: 'What would help', steps: 'How I do it today' },
  question: { happened: 'My question', expected: 'What I expected', steps: 'What I tried' },
};

/** About where browsers and trackers stop taking a prefilled address; past it the user pastes the text. */
export const LINK_BODY_MAX = 6_000;

export function reportTitle(draft: FeedbackDraft): string {
  const summary = draft.summary.trim() || draft.happened.trim().split('\n')[0]?.slice(0, 80) || '';
  return `[${REPORT_KIND_LABELS[draft.kind]}] ${summary}`.trim();
}

/** The issue's Markdown body: a heading per field, "(not given)" for an empty one, and the environment. */
export function reportBody(
  draft: FeedbackDraft,
  environment: { version?: string; userAgent: string },
): string {
  const headings = FIELD_HEADINGS[draft.kind];
  const section = (heading: string, text: string) => `### ${heading}\n\n${text.trim() || '_(not given)_'}`;
  return [
    section(headings.happened, draft.happened),
    section(headings.expected, draft.expected),
    section(headings.steps, draft.steps),
    `### Environment\n\n- Cairn ${environment.version ?? '(version unknown)'}\n- Browser: ${environment.userAgent}`,
    draft.kind === 'bug'
      ? '_An admin can attach the diagnostics file from Settings > Feedback (secrets are masked in it)._'
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A new-issue address with the title and body filled in (GitHub, Gitea and GitLab read `title` and `body`
 * or `issue[title]`; the common `title`/`body` pair is what is set). A body too long for an address is
 * left for the user to paste.
 */
export function newIssueUrl(trackerUrl: string, title: string, body: string): string {
  const url = new URL(trackerUrl);
  url.searchParams.set('title', title);
  url.searchParams.set(
    'body',
    body.length <= LINK_BODY_MAX ? body : 'The report is too long for a link: paste the copied report here.',
  );
  return url.toString();
}
