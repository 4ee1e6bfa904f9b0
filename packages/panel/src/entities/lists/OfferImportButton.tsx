import { Button } from '@cairn/ui';
import { useRef, useState } from 'react';
import { loadOnce } from '../../app/chunks.ts';
import { PartFailure, useLazyPart } from '../lazyPart.tsx';

// The offers list's import button; its dialog (OfferImportDialog.tsx) is a chunk fetched with the first
// click, so no list carries it before then.
const loadDialog = loadOnce('offer import', () =>
  import('./OfferImportDialog.tsx').then((module) => module.OfferImportDialog),
);

export function OfferImportButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const loaded = useLazyPart(loadDialog, open);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        tone="neutral"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        Import offers
      </Button>
      {loaded &&
        ('error' in loaded ? (
          open && <PartFailure onClose={() => setOpen(false)} />
        ) : (
          <loaded.part open={open} onOpenChange={setOpen} opener={opener} />
        ))}
    </>
  );
}
