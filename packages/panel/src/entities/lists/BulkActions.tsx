import { Button } from '@cairn/ui';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { loadOnce } from '../../app/chunks.ts';
import { PartFailure, useLazyPart } from '../lazyPart.tsx';
import type { Item } from '../types.ts';
import type { BulkConfirmProps, BulkRequest } from './BulkConfirm.tsx';

// What a list offers for its selected rows: one report of them all (for the kinds with reports), mass
// edit (for the kinds that have it), archive, restore and delete, each asked about first; refusals (an
// item still in use) are listed in the dialog. The dialog is a chunk of its own (BulkConfirm.tsx), fetched
// with the first action asked for.

export type { BulkAction, BulkRequest } from './BulkConfirm.tsx';

/** The buttons over the table while rows are selected; archive and restore only when some row can take it. */
export function SelectionActions({
  ids,
  items,
  massEditable,
  onMassEdit,
  onBulk,
  extra,
  reportPath,
}: {
  ids: number[];
  /** One report of the selected rows together, for the kinds that have reports. */
  reportPath?: string | undefined;
  /** The kind's own actions for these rows, first. */
  extra?: ReactNode;
  /** The rows of the page shown, to tell archived from active. */
  items: readonly Item[];
  massEditable: boolean;
  onMassEdit: (ids: number[]) => void;
  onBulk: (request: BulkRequest) => void;
}) {
  const selectedItems = items.filter((item) => ids.includes(item.id));
  return (
    <>
      {reportPath && (
        <Button asChild size="sm">
          <Link href={reportPath}>Report</Link>
        </Button>
      )}
      {extra}
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

const loadBulkConfirm = loadOnce('confirmation dialog', () =>
  import('./BulkConfirm.tsx').then((module) => module.BulkConfirm),
);

/** Asks, then runs the action on every chosen item; a partial failure stays open with the refusals. */
export function BulkConfirmDialog(props: BulkConfirmProps) {
  const loaded = useLazyPart(loadBulkConfirm, props.bulk !== null);
  if (!loaded) return null;
  if ('error' in loaded) return props.bulk ? <PartFailure onClose={props.onClose} /> : null;
  return <loaded.part {...props} />;
}
