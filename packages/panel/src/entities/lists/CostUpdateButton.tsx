import { loadOnce } from '../../app/chunks.ts';
import type { CostUpdateDefaults } from './CostUpdateDialog.tsx';
import { DialogButton } from './DialogButton.tsx';

export type { CostUpdateDefaults } from './CostUpdateDialog.tsx';

// The campaigns list's "Update costs" button and a campaign's "Set cost"; the dialog
// (CostUpdateDialog.tsx) is a chunk fetched with the first press.
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
  size?: 'sm';
} = {}) {
  return <DialogButton load={loadDialog} label={label} size={size} dialogProps={{ defaults }} />;
}

/** The campaigns list's action for one selected campaign: its cost, the dialog starting from it. */
export function CampaignCostAction({ ids }: { ids: number[] }) {
  const [campaignId] = ids;
  if (ids.length !== 1 || campaignId === undefined) return null;
  return <CostUpdateButton size="sm" label="Set cost" defaults={{ campaignId }} />;
}
