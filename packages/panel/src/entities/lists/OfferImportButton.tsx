import { loadOnce } from '../../app/chunks.ts';
import { DialogButton } from './DialogButton.tsx';

// The offers list's import button; its dialog (OfferImportDialog.tsx) is a chunk fetched with the first
// click, so no list carries it before then.
const loadDialog = loadOnce('offer import', () =>
  import('./OfferImportDialog.tsx').then((module) => module.OfferImportDialog),
);

export function OfferImportButton() {
  return <DialogButton load={loadDialog} label="Import offers" dialogProps={{}} />;
}
