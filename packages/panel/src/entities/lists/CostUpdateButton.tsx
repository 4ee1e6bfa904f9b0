import { Button } from '@cairn/ui';
import { useRef, useState } from 'react';
import { loadOnce } from '../../app/chunks.ts';
import { PartFailure, useLazyPart } from '../lazyPart.tsx';
import type { CostUpdateDefaults } from './CostUpdateDialog.tsx';

export type { CostUpdateDefaults } from './CostUpdateDialog.tsx';

// The campaigns list's "Update costs" button; its dialog (CostUpdateDialog.tsx) is a chunk fetched with
// the first click, so no list carries it before then.
const loadDialog = loadOnce('cost update', () =>
  import('./CostUpdateDialog.tsx').then((module) => module.CostUpdateDialog),
);

/** `defaults`: what the dialog starts with, e.g. the campaign and period a report shows. */
export function CostUpdateButton({ defaults }: { defaults?: CostUpdateDefaults } = {}) {
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
        Update costs
      </Button>
      {loaded &&
        ('error' in loaded ? (
          open && <PartFailure onClose={() => setOpen(false)} />
        ) : (
          <loaded.part open={open} onOpenChange={setOpen} opener={opener} defaults={defaults} />
        ))}
    </>
  );
}
