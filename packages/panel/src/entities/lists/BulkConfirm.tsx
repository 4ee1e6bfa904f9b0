import { ConfirmDialog, toast } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services.ts';
import { entityNames } from '../../routes/table.ts';
import { capitalize } from '../../utils/text.ts';
import { archiveItem, type CallProblem, deleteItem, problemOf, restoreItem } from '../api.ts';
import { renderProblem } from '../problems.tsx';
import type { EntityUi } from '../types.ts';

export type BulkAction = 'archive' | 'restore' | 'delete';

export interface BulkRequest {
  action: BulkAction;
  ids: number[];
}

export interface BulkConfirmProps {
  ui: EntityUi;
  bulk: BulkRequest | null;
  onClose: () => void;
  /** After the calls: which items were asked for, and whether any was refused. */
  onDone: (ids: number[], anyFailed: boolean) => void;
}

/** The dialog of BulkConfirmDialog (BulkActions.tsx), which loads this module. */
export function BulkConfirm({ ui, bulk, onClose, onDone }: BulkConfirmProps) {
  const { client } = useServices();
  const queryClient = useQueryClient();
  const names = entityNames[ui.routeKind];

  const runBulk = async () => {
    if (!bulk) return;
    const call =
      bulk.action === 'archive' ? archiveItem : bulk.action === 'restore' ? restoreItem : deleteItem;
    const results = await Promise.all(bulk.ids.map((id) => call(client, ui.kind, id)));
    void queryClient.invalidateQueries({ queryKey: ['entity'] });
    const failures = results.flatMap((outcome) => (outcome.status === 'ok' ? [] : [problemOf(outcome)]));
    const done = results.length - failures.length;
    const verb = bulk.action === 'archive' ? 'archived' : bulk.action === 'restore' ? 'restored' : 'deleted';
    const counted = (count: number) =>
      `${count} ${count === 1 ? names.singular : names.plural.toLowerCase()}`;
    const archived = bulk.ids.filter((_, index) => results[index]?.status === 'ok');
    // An archive the server can take back (restore) is undone from its toast; a delete cannot be.
    const undo = async () => {
      const restored = await Promise.all(archived.map((id) => restoreItem(client, ui.kind, id)));
      void queryClient.invalidateQueries({ queryKey: ['entity'] });
      const back = restored.filter((outcome) => outcome.status === 'ok').length;
      if (back === archived.length) toast.success(`${counted(back)} restored`);
      else toast.error(`${archived.length - back} of ${archived.length} could not be restored`);
    };
    if (done > 0 && bulk.action === 'archive') {
      toast.success(`${counted(done)} ${verb}`, {
        action: { label: 'Undo', onClick: () => void undo(), altText: `Restore them from the archived list` },
      });
    } else if (done > 0) toast.success(`${counted(done)} ${verb}`);
    onDone(bulk.ids, failures.length > 0);
    if (failures.length > 0) {
      const problem: CallProblem = {
        message: `${failures.length} of ${results.length} could not be ${verb}:`,
        errors: failures.map((failure) => ({ message: failure.message })),
      };
      throw problem;
    }
  };

  return (
    <ConfirmDialog
      open={bulk !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={
        bulk
          ? `${capitalize(bulk.action)} ${bulk.ids.length} ${bulk.ids.length === 1 ? names.singular : names.plural.toLowerCase()}?`
          : ''
      }
      description={
        bulk?.action === 'delete'
          ? 'This cannot be undone. Items still in use are refused; archive those instead.'
          : bulk?.action === 'archive'
            ? 'They leave the active list; you can restore them later.'
            : 'They return to the active list.'
      }
      confirmLabel={bulk ? capitalize(bulk.action) : 'Confirm'}
      tone={bulk?.action === 'restore' ? 'accent' : 'danger'}
      onConfirm={runBulk}
      renderError={renderProblem}
    />
  );
}
