import { OFFER_IMPORT_FORMAT, type OfferImportResponse } from '@cairn/contract';
import { Dialog, ServerMessage, TextArea } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useServices } from '../../app/services.ts';
import { importOffers } from '../api.ts';
import * as styles from '../entities.css.ts';
import type { OpenedDialogProps } from './DialogButton.tsx';
import { ImportFooter, RefusedLines } from './importParts.tsx';

const example = [
  'Summer sale US;https://offer.example/?sub={clickid};no;2.50;USD;no;US;Sweepstakes;MaxBounty',
  'Auto payout;https://other.example/?s={clickid};yes',
].join('\n');

export type OfferImportDialogProps = OpenedDialogProps;

/** Bulk import: one offer per line; the report names each line that was refused and why. */
export function OfferImportDialog({ open, onOpenChange, opener }: OfferImportDialogProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<OfferImportResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending || text.trim() === '') return;
    setPending(true);
    setFailure(null);
    const result = await importOffers(client, text);
    setPending(false);
    if (result.status !== 'ok') {
      setFailure(result.message);
      return;
    }
    setReport(result.data);
    if (result.data.created.length > 0) void queryClient.invalidateQueries({ queryKey: ['entity'] });
    // Keep only the refused lines, so they can be fixed and sent again.
    const refused = new Set(result.data.errors.map((error) => error.line));
    setText(
      text
        .split('\n')
        .filter((_, index) => refused.has(index + 1))
        .join('\n'),
    );
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
        title="Import offers"
        description={`One offer per line: ${OFFER_IMPORT_FORMAT}`}
        size="lg"
        // Its opener is no Dialog.Trigger (the button renders before this chunk arrives).
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <form className={styles.stack} onSubmit={submit}>
          <TextArea
            id="offer-import-text"
            label="Offers"
            description="Auto is yes or no; Group and Network are names of existing ones. Lines starting with # are skipped."
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={example}
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
                {report.created.length} {report.created.length === 1 ? 'offer' : 'offers'} created
                {report.errors.length > 0
                  ? `, ${report.errors.length} ${report.errors.length === 1 ? 'line' : 'lines'} refused (left in the box above):`
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
