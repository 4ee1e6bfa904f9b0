import {
  ENTITY_CSV_COLUMNS,
  ENTITY_CSV_ID_HEADER,
  type EntityCsvImportResponse,
  type EntityCsvKind,
} from '@cairn/contract';
import { Button, Dialog, ServerMessage, TextArea } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { importEntityCsv } from '../api.ts';
import * as styles from '../entities.css.ts';
import type { OpenedDialogProps } from './DialogButton.tsx';
import { ImportFooter, RefusedLines } from './importParts.tsx';

export type EntityCsvImportDialogProps = OpenedDialogProps & { kind: EntityCsvKind; nounPlural: string };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A list's CSV read back: a file (or pasted text) whose first line names the columns; lines with an ID
 * update that item with the columns the file has, lines without one create an item. Each refused line is
 * listed with the reason.
 */
export function EntityCsvImportDialog({
  open,
  onOpenChange,
  opener,
  kind,
  nounPlural,
}: EntityCsvImportDialogProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<EntityCsvImportResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const columns = [ENTITY_CSV_ID_HEADER, ...ENTITY_CSV_COLUMNS[kind].map((column) => column.header)];

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) setText(await chosen.text());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || text.trim() === '') return;
    setPending(true);
    setFailure(null);
    setReport(null);
    const result = await importEntityCsv(client, kind, text);
    setPending(false);
    if (result.status !== 'ok') {
      setFailure(result.message);
      return;
    }
    setReport(result.data);
    if (result.data.created.length + result.data.updated.length > 0) {
      void queryClient.invalidateQueries({ queryKey: ['entity'] });
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
        if (!next) {
          setReport(null);
          setFailure(null);
        }
      }}
    >
      <Dialog.Content
        title={`Import ${nounPlural.toLowerCase()} from CSV`}
        description={`The first line names the columns, any of: ${columns.join(', ')}. A line without an ID creates an item; a line with one updates it with the columns the file has. Other items are named by name, as the export writes them.`}
        size="lg"
        // Its opener is no Dialog.Trigger (the button renders before this chunk arrives).
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <form className={styles.stack} onSubmit={submit}>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv,text/plain"
            hidden
            aria-label="CSV file"
            onChange={(event) => void pick(event)}
          />
          <div>
            <Button type="button" variant="outline" tone="neutral" onClick={() => file.current?.click()}>
              Choose a CSV file…
            </Button>
          </div>
          <TextArea
            id={`${kind}-csv-text`}
            label="CSV"
            description="Comma, semicolon or tab delimited, as a spreadsheet saves it; or paste the lines here."
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={8}
            monospace
          />
          {failure && (
            <div role="alert" className={styles.problem}>
              <ServerMessage message={failure} />
            </div>
          )}
          {report && (
            <div role="status" className={styles.stack}>
              <p>
                {plural(report.created.length, 'created', 'created')},{' '}
                {plural(report.updated.length, 'updated', 'updated')}
                {report.errors.length > 0
                  ? `, ${plural(report.errors.length, 'line', 'lines')} refused:`
                  : '.'}
              </p>
              <RefusedLines errors={report.errors} />
            </div>
          )}
          <ImportFooter pending={pending} empty={text.trim() === ''} />
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
