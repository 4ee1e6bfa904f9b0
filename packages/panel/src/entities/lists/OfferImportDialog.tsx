import { OFFER_IMPORT_FORMAT } from '@cairn/contract';
import { TextArea } from '@cairn/ui';
import { useServices } from '../../app/services.ts';
import { importOffers } from '../api.ts';
import type { OpenedDialogProps } from './DialogButton.tsx';
import { LineImportDialog, useLineImport } from './importParts.tsx';

const example = [
  'Summer sale US;https://offer.example/?sub={clickid};no;2.50;USD;no;US;Sweepstakes;MaxBounty',
  'Auto payout;https://other.example/?s={clickid};yes',
].join('\n');

export type OfferImportDialogProps = OpenedDialogProps;

/** Bulk import: one offer per line; the report names each line that was refused and why. */
export function OfferImportDialog(props: OfferImportDialogProps) {
  const { client } = useServices();
  const form = useLineImport({
    send: (text) => importOffers(client, text),
    changedAny: (report) => report.created.length > 0,
    keepRefusedLines: true,
  });

  return (
    <LineImportDialog
      {...props}
      form={form}
      title="Import offers"
      description={`One offer per line: ${OFFER_IMPORT_FORMAT}`}
      summary={(report) => (
        <>
          {report.created.length} {report.created.length === 1 ? 'offer' : 'offers'} created
          {report.errors.length > 0
            ? `, ${report.errors.length} ${report.errors.length === 1 ? 'line' : 'lines'} refused (left in the box above):`
            : '.'}
        </>
      )}
    >
      <TextArea
        id="offer-import-text"
        label="Offers"
        description="Auto is yes or no; Group and Network are names of existing ones. Lines starting with # are skipped."
        value={form.text}
        onChange={(event) => form.setText(event.target.value)}
        placeholder={example}
        rows={8}
        monospace
      />
    </LineImportDialog>
  );
}
