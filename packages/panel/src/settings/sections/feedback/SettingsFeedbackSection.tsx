import { DIAGNOSTICS_PATH, diagnosticsSchema } from '@cairn/contract';
import { Button, Card, RadioGroup, ServerMessage, TextArea, TextField, useCopy } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../app/hooks.ts';
import { modeInfoQuery } from '../../../app/mode.ts';
import { useServices } from '../../../app/services.ts';
import * as styles from '../../../pages/pages.css.ts';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import {
  EMPTY_DRAFT,
  type FeedbackDraft,
  FIELD_HEADINGS,
  newIssueUrl,
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  type ReportKind,
  reportBody,
  reportTitle,
} from './composeReport.ts';

// Settings > Feedback: the user writes what went wrong (or what they would like), the panel composes the
// issue text, and the user copies it or opens the project's new-issue page with it filled in. Admins can
// add a diagnostics file. Cairn sends none of it anywhere: the user decides what leaves.

const KIND_OPTIONS = REPORT_KINDS.map((kind) => ({ value: kind, label: REPORT_KIND_LABELS[kind] }));

/** Offers a text as a file download. */
function offerDownload(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function DiagnosticsCard() {
  const { client } = useServices();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);

  const download = async () => {
    setPending(true);
    setProblem(null);
    const result = await client.get(DIAGNOSTICS_PATH, { schema: diagnosticsSchema.loose() });
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(result.message);
      return;
    }
    const day = result.data.generatedAt.slice(0, 10);
    offerDownload(
      `cairn-diagnostics-${day}.json`,
      `${JSON.stringify(result.data, null, 2)}\n`,
      'application/json',
    );
    setDownloaded(true);
  };

  return (
    <Card
      title="Diagnostics"
      description="Version, runtime, store kinds, this node’s figures, the settings with every key, token and password masked, and the last errors the server logged. Read it before you attach it to the issue: nothing is sent by Cairn."
    >
      <div className={styles.stack}>
        <div>
          <Button variant="outline" loading={pending} onClick={() => void download()}>
            Download diagnostics
          </Button>
        </div>
        {downloaded && <p className={styles.note}>Downloaded. Attach the file to the issue.</p>}
        {problem && (
          <div role="alert" className={styles.message}>
            <ServerMessage message={problem} />
          </div>
        )}
      </div>
    </Card>
  );
}

function ReportCard({ draft }: { draft: FeedbackDraft }) {
  const { client, build } = useServices();
  const mode = useQuery(modeInfoQuery(client));
  const trackerUrl = mode.data?.status === 'ok' ? mode.data.data.links.feedback : undefined;
  const { status, copy } = useCopy();
  const title = reportTitle(draft);
  const body = reportBody(draft, { version: build.version, userAgent: navigator.userAgent });
  const text = `## ${title}\n\n${body}\n`;
  const ready = draft.happened.trim() !== '' || draft.summary.trim() !== '';

  return (
    <Card
      title="Report"
      description={
        trackerUrl
          ? 'Copy the report, or open a new issue with it filled in. You can edit it there before you submit it.'
          : 'Copy the report and paste it into a new issue of the project’s tracker. (An “open a new issue” link appears here once the server sets CAIRN_FEEDBACK_URL.)'
      }
    >
      <div className={styles.stack}>
        <TextArea label="Report text" value={text} readOnly rows={12} monospace />
        <div className={styles.row}>
          <Button type="button" disabled={!ready} onClick={() => void copy(text)}>
            {status === 'copied' ? 'Copied' : 'Copy report'}
          </Button>
          {trackerUrl && ready && (
            <Button asChild variant="outline">
              <a href={newIssueUrl(trackerUrl, title, body)} target="_blank" rel="noopener noreferrer">
                Open a new issue
              </a>
            </Button>
          )}
        </div>
        <p role="status" className={styles.note}>
          {status === 'copied'
            ? 'Report copied.'
            : status === 'failed'
              ? 'Could not copy: select the text and copy it.'
              : ''}
        </p>
      </div>
    </Card>
  );
}

export function SettingsFeedbackSection() {
  const user = useCurrentUser();
  const [draft, setDraft] = useState<FeedbackDraft>(EMPTY_DRAFT);
  const set = (field: keyof FeedbackDraft, value: string) => setDraft((old) => ({ ...old, [field]: value }));
  const headings = FIELD_HEADINGS[draft.kind];

  return (
    <SettingsSectionFrame
      title="Feedback"
      intro="Report a bug, suggest an idea or ask a question. The panel composes the text; nothing is sent until you file it yourself."
    >
      <Card title="What it is about">
        <div className={styles.stack}>
          <RadioGroup<ReportKind>
            label="Kind"
            orientation="horizontal"
            options={KIND_OPTIONS}
            value={draft.kind}
            onValueChange={(kind) => setDraft((old) => ({ ...old, kind }))}
          />
          <div className={styles.narrow}>
            <TextField
              label="Summary"
              description="One line: the issue’s title."
              value={draft.summary}
              maxLength={120}
              onChange={(event) => set('summary', event.target.value)}
            />
          </div>
          <TextArea
            label={headings.happened}
            value={draft.happened}
            rows={4}
            onChange={(event) => set('happened', event.target.value)}
          />
          <TextArea
            label={headings.expected}
            value={draft.expected}
            rows={3}
            onChange={(event) => set('expected', event.target.value)}
          />
          <TextArea
            label={headings.steps}
            value={draft.steps}
            rows={4}
            onChange={(event) => set('steps', event.target.value)}
          />
        </div>
      </Card>
      <ReportCard draft={draft} />
      {/* The server answers the diagnostics to admins only. */}
      {user && user.role !== 'user' && <DiagnosticsCard />}
    </SettingsSectionFrame>
  );
}
