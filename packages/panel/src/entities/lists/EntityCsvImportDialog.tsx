import { ENTITY_CSV_COLUMNS, ENTITY_CSV_ID_HEADER, type EntityCsvKind } from '@cairn/contract';
import { Button, TextArea } from '@cairn/ui';
import { type ChangeEvent, useRef } from 'react';
import { useServices } from '../../app/services.ts';
import { importEntityCsv } from '../api.ts';
import type { OpenedDialogProps } from './DialogButton.tsx';
import { LineImportDialog, useLineImport } from './importParts.tsx';

export type EntityCsvImportDialogProps = OpenedDialogProps & { kind: EntityCsvKind; nounPlural: string };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * A list's CSV read back: a file (or pasted text) whose first line names the columns; lines with an ID
 * update that item with the columns the file has, lines without one create an item. Each refused line is
 * listed with the reason.
 */
export function EntityCsvImportDialog({ kind, nounPlural, ...dialog }: EntityCsvImportDialogProps) {
  const { client } = useServices();
  const file = useRef<HTMLInputElement>(null);
  const form = useLineImport({
    send: (text) => importEntityCsv(client, kind, text),
    changedAny: (report) => report.created.length + report.updated.length > 0,
  });
  const columns = [ENTITY_CSV_ID_HEADER, ...ENTITY_CSV_COLUMNS[kind].map((column) => column.header)];

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen) form.setText(await chosen.text());
  };

  return (
    <LineImportDialog
      {...dialog}
      form={form}
      title={`Import ${nounPlural.toLowerCase()} from CSV`}
      description={`The first line names the columns, any of: ${columns.join(', ')}. A line without an ID creates an item; a line with one updates it with the columns the file has. Other items are named by name, as the export writes them.`}
      summary={(report) => (
        <>
          {plural(report.created.length, 'created', 'created')},{' '}
          {plural(report.updated.length, 'updated', 'updated')}
          {report.errors.length > 0 ? `, ${plural(report.errors.length, 'line', 'lines')} refused:` : '.'}
        </>
      )}
    >
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
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
        rows={8}
        monospace
      />
    </LineImportDialog>
  );
}
