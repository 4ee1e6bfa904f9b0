import { ENTITY_CSV_KINDS, type EntityCsvKind, entityCsvPath } from '@cairn/contract';
import { Button, toast } from '@cairn/ui';
import { useState } from 'react';
import { loadOnce } from '../../app/chunks.ts';
import { useServices } from '../../app/services.ts';
import { downloadFrom } from '../../reports/csv.ts';
import type { ListParams } from '../api.ts';
import { DialogButton } from './DialogButton.tsx';

// A list's CSV: the whole list its filters, search and sort select, written by the server (not the page
// shown), and a file of it read back; the import dialog is a chunk fetched with the first press.

const loadDialog = loadOnce('entity CSV import', () =>
  import('./EntityCsvImportDialog.tsx').then((module) => module.EntityCsvImportDialog),
);

export function isCsvKind(kind: string): kind is EntityCsvKind {
  return (ENTITY_CSV_KINDS as readonly string[]).includes(kind);
}

export function EntityCsvButtons({
  kind,
  params,
  canImport,
  nounPlural,
}: {
  kind: EntityCsvKind;
  params: ListParams;
  canImport: boolean;
  nounPlural: string;
}) {
  const { client } = useServices();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    const { page: _page, pageSize: _size, ...query } = params;
    const { stringifyQuery } = await import('../../routes/query.ts');
    const search = new URLSearchParams(stringifyQuery(query).replace(/^\?/, ''));
    const answer = await client.stream(entityCsvPath(kind), search, new AbortController().signal);
    if (answer.status !== 'ok') {
      setBusy(false);
      if (answer.status !== 'cancelled')
        toast.error(answer.message, { title: `${nounPlural} were not exported` });
      return;
    }
    const disposition = answer.data.headers.get('content-disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `cairn-${kind}.csv`;
    const url = URL.createObjectURL(await answer.data.blob());
    setBusy(false);
    downloadFrom(url, name);
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <>
      <Button variant="outline" tone="neutral" loading={busy} onClick={() => void download()}>
        Export CSV
      </Button>
      {canImport && <DialogButton load={loadDialog} label="Import CSV" dialogProps={{ kind, nounPlural }} />}
    </>
  );
}
