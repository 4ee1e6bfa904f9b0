import {
  CONVERSION_UPLOAD_FORMAT,
  CONVERSION_UPLOAD_MAX_CHARS,
  CONVERSION_UPLOAD_MAX_LINES,
  type CONVERSION_UPLOAD_OUTCOMES,
  type ConversionUploadResponse,
} from '@cairn/contract';
import { Badge, type BadgeTone, Button, DataTable, type DataTableColumn, Dialog, TextArea } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useServices } from '../app/services.ts';
import { type CallProblem, problemOf } from '../entities/api.ts';
import { FormProblem } from '../entities/FormProblem.tsx';
import { conversionsQueryRoot, uploadConversions } from './api.ts';
import * as styles from './conversions.css.ts';
import { describeLineCount, linesNumbered, uploadFileProblem, uploadTextProblem } from './uploadText.ts';

// Conversions the networks did not post back (a report they sent, a sale confirmed by e-mail), pasted or
// read from a file, one a line. Each line counts like a postback from its click's network; the answer
// names what became of each line, and the lines with errors stay in the box to fix and send again.

type Outcome = (typeof CONVERSION_UPLOAD_OUTCOMES)[number];
type LineResult = ConversionUploadResponse['lines'][number];

const OUTCOMES: Record<Outcome, { label: string; tone: BadgeTone }> = {
  recorded: { label: 'Recorded', tone: 'success' },
  updated: { label: 'Updated', tone: 'info' },
  ignored: { label: 'Ignored', tone: 'neutral' },
  error: { label: 'Error', tone: 'danger' },
};

const example = ['# clickid:payout=..:status=..', 'AbC123xyz:payout=12.50:status=approved', 'AbC124qrs'].join(
  '\n',
);

const resultColumns: DataTableColumn<LineResult>[] = [
  { id: 'line', header: 'Line', accessor: (row) => row.line, kind: 'number', width: 80 },
  { id: 'clickId', header: 'Click ID', accessor: (row) => row.clickId || null, width: 220 },
  {
    id: 'outcome',
    header: 'Result',
    accessor: (row) => OUTCOMES[row.outcome].label,
    cell: (row) => <Badge tone={OUTCOMES[row.outcome].tone}>{OUTCOMES[row.outcome].label}</Badge>,
    width: 110,
  },
  { id: 'message', header: 'Reason', accessor: (row) => row.message || null, width: 320 },
];

/** Always in the dialog, so the summary is announced when an answer fills it in. */
function Summary({ report }: { report: ConversionUploadResponse | null }) {
  let text = '';
  if (report && report.lines.length === 0) {
    text = 'No conversions in the text: every line was empty or a comment.';
  } else if (report) {
    const errors = `${report.errors} ${report.errors === 1 ? 'error' : 'errors'}`;
    text = `${report.recorded} recorded, ${report.updated} updated, ${report.ignored} ignored, ${errors}.`;
    if (report.errors > 0) text += ' The lines with errors are left in the box to fix and send again.';
  }
  return (
    <p role="status" className={styles.summary}>
      {text}
    </p>
  );
}

function FormatHelp() {
  return (
    <ul className={styles.formatHelp}>
      <li>
        One conversion a line: <code className={styles.code}>{CONVERSION_UPLOAD_FORMAT}</code>
      </li>
      <li>
        <code className={styles.code}>payout</code> is a decimal amount (12.50) in{' '}
        <code className={styles.code}>currency</code>, else the offer's; it counts for offers with automatic
        payout.
      </li>
      <li>
        <code className={styles.code}>status</code> is approved, pending, declined or chargeback, or a word
        the click's network maps; without one, the postback-processing setting decides.
      </li>
      <li>
        <code className={styles.code}>txid</code> names the network's transaction: a new status for the same
        txid updates that conversion.
      </li>
      <li>
        Each line counts like a postback from the click's network (its status mapping and its rule for
        repeats). Empty lines and lines starting with # are skipped; at most{' '}
        {CONVERSION_UPLOAD_MAX_LINES.toLocaleString('en-US')} lines and{' '}
        {CONVERSION_UPLOAD_MAX_CHARS.toLocaleString('en-US')} characters at once.
      </li>
    </ul>
  );
}

export interface UploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function UploadDialog({ open, onOpenChange }: UploadDialogProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [fileProblem, setFileProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<ConversionUploadResponse | null>(null);
  const [problem, setProblem] = useState<CallProblem>();
  const textProblem = uploadTextProblem(text);
  const serverTextError = problem?.errors.find((error) => error.field === 'text')?.message;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // The same file chosen again (after an edit on disk) fires a change too.
    event.target.value = '';
    if (!chosen) return;
    const tooLarge = uploadFileProblem(chosen);
    setFileProblem(tooLarge);
    if (tooLarge) return;
    const content = await chosen.text();
    const over = uploadTextProblem(content);
    setFileProblem(over ? `“${chosen.name}”: ${over}` : undefined);
    if (!over) {
      setText(content);
      setProblem(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || text.trim() === '' || textProblem) return;
    setPending(true);
    const result = await uploadConversions(client, text);
    setPending(false);
    if (result.status !== 'ok') {
      setProblem(problemOf(result));
      return;
    }
    setProblem(undefined);
    setReport(result.data);
    setText(
      linesNumbered(
        text,
        new Set(result.data.lines.filter((line) => line.outcome === 'error').map((line) => line.line)),
      ),
    );
    void queryClient.invalidateQueries({ queryKey: conversionsQueryRoot });
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
        if (!next) {
          setReport(null);
          setProblem(undefined);
          setFileProblem(undefined);
        }
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="outline" tone="neutral">
          Upload conversions
        </Button>
      </Dialog.Trigger>
      <Dialog.Content
        title="Upload conversions"
        description="Record conversions a network reported outside its postbacks."
        size="lg"
      >
        <form className={styles.stack} onSubmit={(event) => void submit(event)} noValidate>
          <FormatHelp />
          <TextArea
            label="Conversions"
            description={describeLineCount(text)}
            error={textProblem ?? serverTextError}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setProblem(undefined);
            }}
            placeholder={example}
            rows={8}
            monospace
          />
          <div className={styles.fileRow}>
            <input
              ref={file}
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              hidden
              aria-label="Conversions file"
              onChange={(event) => void readFile(event)}
            />
            <Button type="button" variant="outline" tone="neutral" onClick={() => file.current?.click()}>
              Read a file…
            </Button>
            <span className={styles.formatHelp}>A text file in the same format replaces the box's text.</span>
          </div>
          {fileProblem && (
            <div role="alert" className={styles.problem}>
              {fileProblem}
            </div>
          )}
          <FormProblem problem={problem} atField={(field) => field === 'text'} className={styles.problem} />
          <Summary report={report} />
          {report && report.lines.length > 0 && (
            <DataTable<LineResult>
              label="Upload results"
              data={report.lines}
              columns={resultColumns}
              getRowId={(row) => String(row.line)}
              appearance={{ height: { upTo: 260 } }}
            />
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral" disabled={pending}>
                Done
              </Button>
            </Dialog.Close>
            <Button
              type="submit"
              loading={pending}
              disabled={text.trim() === '' || textProblem !== undefined}
            >
              Upload
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
