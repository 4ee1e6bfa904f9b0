import { Button, Dialog, ServerMessage } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { CallResult } from '../../http/client.ts';
import * as styles from '../entities.css.ts';
import type { OpenedDialogProps } from './DialogButton.tsx';

// What the list imports' dialogs share: the text being sent, the send itself with its report or failure,
// the refused lines with their reasons, and the dialog around them that closes or sends.

interface LineReport {
  errors: readonly { line: number; message: string }[];
}

export interface LineImport<Report extends LineReport> {
  text: string;
  setText: (text: string) => void;
  pending: boolean;
  report: Report | null;
  failure: string | null;
  submit: (event: FormEvent) => Promise<void>;
  /** Forgets the last answer, as a dialog does when it closes. */
  clear: () => void;
}

export function useLineImport<Report extends LineReport>({
  send,
  changedAny,
  keepRefusedLines = false,
}: {
  send: (text: string) => Promise<CallResult<Report>>;
  /** Whether the answer changed any item, so that the lists are fetched again. */
  changedAny: (report: Report) => boolean;
  /** Leaves only the refused lines in the box, so they can be fixed and sent again. */
  keepRefusedLines?: boolean;
}): LineImport<Report> {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || text.trim() === '') return;
    setPending(true);
    setFailure(null);
    setReport(null);
    const result = await send(text);
    setPending(false);
    if (result.status !== 'ok') {
      setFailure(result.message);
      return;
    }
    setReport(result.data);
    if (changedAny(result.data)) void queryClient.invalidateQueries({ queryKey: ['entity'] });
    if (keepRefusedLines) {
      const refused = new Set(result.data.errors.map((error) => error.line));
      setText(
        text
          .split('\n')
          .filter((_, index) => refused.has(index + 1))
          .join('\n'),
      );
    }
  };
  const clear = () => {
    setReport(null);
    setFailure(null);
  };
  return { text, setText, pending, report, failure, submit, clear };
}

/** The dialog around an import: its fields, the failure or the report with the refused lines, the footer. */
export function LineImportDialog<Report extends LineReport>({
  open,
  onOpenChange,
  opener,
  form,
  title,
  description,
  summary,
  children,
}: OpenedDialogProps & {
  form: LineImport<Report>;
  title: string;
  description: string;
  /** One sentence on what the answer did; the refused lines follow it. */
  summary: (report: Report) => ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (form.pending) return;
        onOpenChange(next);
        if (!next) form.clear();
      }}
    >
      <Dialog.Content
        title={title}
        description={description}
        size="lg"
        // Its opener is no Dialog.Trigger (the button renders before this chunk arrives).
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <form className={styles.stack} onSubmit={form.submit}>
          {children}
          {form.failure && (
            <div role="alert" className={styles.problem}>
              <ServerMessage message={form.failure} />
            </div>
          )}
          {form.report && (
            <div role="status" className={styles.stack}>
              <p>{summary(form.report)}</p>
              <RefusedLines errors={form.report.errors} />
            </div>
          )}
          <ImportFooter pending={form.pending} empty={form.text.trim() === ''} />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function RefusedLines({ errors }: { errors: readonly { line: number; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className={styles.report} aria-label="Refused lines">
      {errors.map((error) => (
        <li key={error.line}>
          Line {error.line}: <ServerMessage message={error.message} />
        </li>
      ))}
    </ul>
  );
}

function ImportFooter({ pending, empty }: { pending: boolean; empty: boolean }) {
  return (
    <Dialog.Footer>
      <Dialog.Close asChild>
        <Button variant="outline" tone="neutral" disabled={pending}>
          Close
        </Button>
      </Dialog.Close>
      <Button type="submit" loading={pending} disabled={empty}>
        Import
      </Button>
    </Dialog.Footer>
  );
}
