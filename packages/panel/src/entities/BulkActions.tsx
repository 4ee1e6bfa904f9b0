import { Button, ConfirmDialog, toast } from '@cairn/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../app/services.ts';
import { entityNames } from '../routes/table.ts';
import { capitalize } from '../utils/text.ts';
import { archiveItem, type CallProblem, deleteItem, problemOf, restoreItem } from './api.ts';
import { renderProblem } from './problems.tsx';
import type { EntityUi, Item } from './types.ts';

// What a list offers for its selected rows: mass edit (for the kinds that have it), archive, restore and
// delete, each asked about first; refusals (an item still in use) are listed in the dialog.

export type BulkAction = 'archive' | 'restore' | 'delete';

export interface BulkRequest {
  action: BulkAction;
  ids: number[];
}

/** The buttons over the table while rows are selected; archive and restore only when some row can take it. */
export function SelectionActions({
  ids,
  items,
  massEditable,
  onMassEdit,
  onBulk,
}: {
  ids: number[];
  /** The rows of the page shown, to tell archived from active. */
  items: readonly Item[];
  massEditable: boolean;
  onMassEdit: (ids: number[]) => void;
  onBulk: (request: BulkRequest) => void;
}) {
  const selectedItems = items.filter((item) => ids.includes(item.id));
  return (
    <>
      {massEditable && (
        <Button size="sm" variant="outline" onClick={() => onMassEdit(ids)}>
          Mass edit
        </Button>
      )}
      {selectedItems.some((item) => !item.archived) && (
        <Button size="sm" variant="outline" tone="neutral" onClick={() => onBulk({ action: 'archive', ids })}>
          Archive
        </Button>
      )}
      {selectedItems.some((item) => item.archived) && (
        <Button size="sm" variant="outline" tone="neutral" onClick={() => onBulk({ action: 'restore', ids })}>
          Restore
        </Button>
      )}
      <Button size="sm" variant="outline" tone="danger" onClick={() => onBulk({ action: 'delete', ids })}>
        Delete
      </Button>
    </>
  );
}

/** Asks, then runs the action on every chosen item; a partial failure stays open with the refusals. */
export function BulkConfirmDialog({
  ui,
  bulk,
  onClose,
  onDone,
}: {
  ui: EntityUi;
  bulk: BulkRequest | null;
  onClose: () => void;
  /** After the calls: which items were asked for, and whether any was refused. */
  onDone: (ids: number[], anyFailed: boolean) => void;
}) {
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
    if (done > 0)
      toast.success(`${done} ${done === 1 ? names.singular : names.plural.toLowerCase()} ${verb}`);
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
