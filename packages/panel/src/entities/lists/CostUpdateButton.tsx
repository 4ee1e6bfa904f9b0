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
export function CostUpdateButton({
  defaults,
  size,
  label = 'Update costs',
}: {
  label?: string;
  defaults?: CostUpdateDefaults | undefined;
  /** `sm` among the selection's actions. */
  size?: 'sm';
} = {}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const loaded = useLazyPart(loadDialog, open);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        tone="neutral"
        {...(size ? { size } : {})}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {label}
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

/** The campaigns list's action for one selected campaign: its cost, the dialog starting from it. */
export function CampaignCostAction({ ids }: { ids: number[] }) {
  const [campaignId] = ids;
  if (ids.length !== 1 || campaignId === undefined) return null;
  return <CostUpdateButton size="sm" label="Set cost" defaults={{ campaignId }} />;
}
