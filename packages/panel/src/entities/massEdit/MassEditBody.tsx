import { massUpdateRequestSchemaFor, PAGE_SIZE_MAX } from '@cairn/contract';
import { Button, Dialog, MassEditModal, toast } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../app/services.ts';
import { entityNames } from '../../routes/table.ts';
import { type CallProblem, entityQueryKeys, fetchList, massUpdate, problemOf } from '../api.ts';
import { contractOf } from '../contracts.ts';
import { entityFormUis } from '../formRegistry.ts';
import { errorsFromIssues } from '../forms/draft.ts';
import { rejectUnlessOk, renderProblem } from '../problems.tsx';
import { refKey, useRefOptionsMap } from '../refs.ts';
import type { EntityFormUi, EntityUi, Item } from '../types.ts';
import { massChangesFrom, massFieldSpecs, massRefSpecs, toMassEditField } from './massEdit.tsx';

export interface MassEditProps {
  ui: EntityUi;
  ids: number[];
  onClose: () => void;
  onSaved: () => void;
}

/** The items' values of the changed fields, the items grouped by equal values: what an undo sends back. */
export function previousValues(
  items: readonly Item[],
  fields: readonly string[],
): { ids: number[]; values: Record<string, unknown> }[] {
  const groups = new Map<string, { ids: number[]; values: Record<string, unknown> }>();
  for (const item of items) {
    const values = Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));
    const key = JSON.stringify(values);
    const group = groups.get(key) ?? { ids: [], values };
    group.ids.push(item.id);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The modal of MassEditDialog.tsx, which loads this module with the first mass edit. */
export function MassEditBody({ ui, ...props }: MassEditProps) {
  return <MassEdit ui={entityFormUis[ui.routeKind]} {...props} />;
}

/** `edit/mass/{ids}`: the chosen items (archived ones too) in the ui mass-edit modal. */
function MassEdit({ ui, ids, onClose, onSaved }: Omit<MassEditProps, 'ui'> & { ui: EntityFormUi }) {
  const { client } = useServices();
  const names = entityNames[ui.routeKind];
  const contract = contractOf(ui.kind);
  const params = { ids: ids.join(','), archived: 'all', pageSize: PAGE_SIZE_MAX };
  const selection = useQuery({
    queryKey: entityQueryKeys.list(ui.kind, params),
    queryFn: ({ signal }) => fetchList(client, ui.kind, params, signal),
  });
  const fieldSpecs = useMemo(
    () => massFieldSpecs(ui, Object.keys(contract.massChangesSchema.shape)),
    [ui, contract],
  );
  const refSpecs = useMemo(() => massRefSpecs(fieldSpecs), [fieldSpecs]);
  const refOptions = useRefOptionsMap(refSpecs);
  const refsLoaded = refSpecs.every((spec) => refOptions.get(refKey(spec)) !== undefined);
  // Built once the options are in: the modal starts afresh whenever its fields change.
  const fields = useMemo(
    () => fieldSpecs.map((field) => toMassEditField(field, refOptions)),
    [fieldSpecs, refOptions],
  );

  const result = selection.data;
  const found = result?.status === 'ok' ? result.data.items.map((item) => item.id) : [];
  if (!result || !refsLoaded) return null;
  if (result.status !== 'ok' || found.length === 0) {
    // Stays on the address (a shared link keeps saying what it was) and says why nothing can be edited.
    return (
      <Dialog.Root
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      >
        <Dialog.Content title={`Mass edit - ${names.plural}`} size="sm">
          {result.status === 'ok' ? (
            <p>
              None of the chosen {names.plural.toLowerCase()} exist (ids {ids.join(', ')}).
            </p>
          ) : (
            renderProblem(problemOf(result))
          )}
          <Dialog.Footer>
            <Dialog.Close asChild>
              <Button variant="outline" tone="neutral">
                Back to the list
              </Button>
            </Dialog.Close>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>
    );
  }

  const save = async (values: Record<string, unknown>) => {
    const converted = massChangesFrom(fieldSpecs, values);
    const labelOf = (field: string) => fieldSpecs.find((spec) => spec.name === field)?.label ?? field;
    if (converted.errors.length > 0) {
      throw {
        message: 'Some values are invalid',
        errors: converted.errors.map((error) => ({ message: `${labelOf(error.field)}: ${error.message}` })),
      } satisfies CallProblem;
    }
    const request = massUpdateRequestSchemaFor(contract.massChangesSchema).safeParse({
      ids: found,
      changes: converted.changes,
    });
    if (!request.success) {
      throw {
        message: 'Some values are invalid',
        errors: Object.entries(errorsFromIssues(request.error.issues)).map(([path, message]) => ({
          message: `${labelOf(path.replace(/^changes\./, '').split('.')[0] ?? path)}: ${message}`,
        })),
      } satisfies CallProblem;
    }
    const saved = rejectUnlessOk(await massUpdate(client, ui.kind, found, converted.changes));
    const before = previousValues(result.data.items, Object.keys(converted.changes));
    const counted = (count: number) =>
      `${count} ${count === 1 ? names.singular : names.plural.toLowerCase()}`;
    // Undone by a mass edit back to what each item had: one per set of earlier values.
    const undo = async () => {
      const outcomes = await Promise.all(
        before.map((group) => massUpdate(client, ui.kind, group.ids, group.values)),
      );
      onSaved();
      const failed = outcomes.find((outcome) => outcome.status !== 'ok');
      if (failed) toast.error(`The mass edit could not be undone: ${problemOf(failed).message}`);
      else toast.success(`${counted(found.length)} back as they were`);
    };
    toast.success(`${counted(saved.updated)} updated`, {
      action: {
        label: 'Undo',
        onClick: () => void undo(),
        altText: 'Edit them again to set the earlier values',
      },
    });
    onSaved();
  };

  return (
    <MassEditModal
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      itemCount={found.length}
      itemsLabel={found.length === 1 ? names.singular : names.plural.toLowerCase()}
      title={`Mass edit - ${names.plural}`}
      fields={fields}
      onSave={save}
      renderError={renderProblem}
    />
  );
}
