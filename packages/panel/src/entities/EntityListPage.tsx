import { massUpdateRequestSchemaFor, PAGE_SIZE_MAX } from '@cairn/contract';
import {
  Button,
  ConfirmDialog,
  DataTable,
  type DataTableColumn,
  Dialog,
  MassEditModal,
  PageHeader,
  Select,
  ServerMessage,
  type SortingState,
  toast,
} from '@cairn/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../app/hooks.ts';
import { useServices } from '../app/services.ts';
import type { PageProps } from '../pages/pageProps.ts';
import PlannedEntityListPage from '../pages/planned/EntityListPage.tsx';
import { parseIds } from '../routes/resolve.ts';
import { entityNames } from '../routes/table.ts';
import {
  archiveItem,
  type CallProblem,
  contractOf,
  deleteItem,
  entityQueryKeys,
  fetchList,
  massUpdate,
  problemOf,
  restoreItem,
} from './api.ts';
import { errorsFromIssues } from './draft.ts';
import { capitalize, listPathOf, rejectUnlessOk, renderProblem } from './EntityFormPage.tsx';
import * as styles from './entities.css.ts';
import { type ListState, listParams, sortingFromTerms, termsFromSorting, useListState } from './listState.ts';
import { massChangesFrom, massFieldSpecs, massRefSpecs, toMassEditField } from './massEdit.tsx';
import { refKey, refSelectOptions, useRefOptionsMap } from './refs.ts';
import { entityUis } from './registry.ts';
import type { EntityUi, Item, RefSpec } from './types.ts';

const ANY = 'any';
const archivedOptions = [
  { value: 'false', label: 'Active' },
  { value: 'true', label: 'Archived' },
  { value: 'all', label: 'Active and archived' },
];
const SEARCH_DELAY_MS = 300;

export default function EntityListPage(props: PageProps) {
  const ui = props.route.entity ? entityUis[props.route.entity] : undefined;
  if (!ui) return <PlannedEntityListPage {...props} />;
  const massIds = props.child ? parseIds(props.params.ids) : [];
  return <EntityList ui={ui} massIds={massIds} />;
}

type BulkAction = 'archive' | 'restore' | 'delete';

function EntityList({ ui, massIds }: { ui: EntityUi; massIds: number[] }) {
  const { client, debugSettings } = useServices();
  const queryClient = useQueryClient();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const settings = useSyncExternalStore(debugSettings.subscribe, debugSettings.getSnapshot);
  const currentUser = useCurrentUser();
  const creatable = ui.canCreate?.(currentUser) ?? true;
  const names = entityNames[ui.routeKind];
  const contract = contractOf(ui.kind);
  const spec = contract.listSpec;
  const sortFields: readonly string[] = spec.sortFields;
  const [state, setState] = useListState(spec);
  const stateRef = useRef(state);
  stateRef.current = state;
  const params = listParams(state);
  const listPath = path.includes('/edit/mass/') ? path.slice(0, path.indexOf('/edit/mass/')) || '/' : path;
  const listAddress = `${listPath}${search ? `?${search}` : ''}`;

  const list = useQuery({
    queryKey: entityQueryKeys.list(ui.kind, params),
    queryFn: ({ signal }) => fetchList(client, ui.kind, params, signal),
    // The previous page stays while the next loads, so sorting or paging does not blank the table.
    placeholderData: keepPreviousData,
  });
  const result = list.data;
  const items = result?.status === 'ok' ? result.data.items : [];
  const total = result?.status === 'ok' ? result.data.total : 0;

  // Typing searches after a short pause, not on every keystroke.
  const [searchText, setSearchText] = useState(state.q);
  useEffect(() => {
    if (searchText === stateRef.current.q) return;
    const timer = setTimeout(
      () => setState({ ...stateRef.current, q: searchText, page: 1 }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, setState]);

  const refSpecs = useMemo<RefSpec[]>(() => {
    const all = [
      ...ui.columns.flatMap((column) => (column.ref ? [column.ref] : [])),
      ...ui.filters.flatMap((filter) => ('ref' in filter ? [filter.ref] : [])),
    ];
    // A column and a filter often name the same reference; one query serves both.
    return all.filter((spec, index) => all.findIndex((other) => refKey(other) === refKey(spec)) === index);
  }, [ui]);
  const refOptions = useRefOptionsMap(refSpecs);

  const columns = useMemo<DataTableColumn<Item>[]>(() => {
    const named = (item: Item) => String(item[ui.labelField] ?? '');
    return [
      ...ui.columns.map((column): DataTableColumn<Item> => {
        const ref = column.ref;
        const accessor =
          column.accessor ??
          (ref
            ? (item: Item) => {
                const id = item[column.id];
                if (typeof id !== 'number') return null;
                return refOptions.get(refKey(ref))?.find((option) => option.id === id)?.label ?? `#${id}`;
              }
            : (item: Item) => {
                const value = item[column.id];
                return typeof value === 'string' || typeof value === 'number' ? value : null;
              });
        return {
          id: column.id,
          header: column.header,
          accessor,
          ...(column.kind ? { kind: column.kind } : {}),
          ...(column.width ? { width: column.width } : {}),
          ...(column.hideable !== undefined ? { hideable: column.hideable } : {}),
          ...(column.cell ? { cell: column.cell } : {}),
          sortable: sortFields.includes(column.id),
          ...(column.id === ui.labelField
            ? {
                cell: (item: Item) => (
                  <Link href={`${listPathOf(ui)}/edit/${item.id}`}>
                    {named(item)}
                    {item.archived ? ' (archived)' : ''}
                  </Link>
                ),
              }
            : {}),
        };
      }),
      {
        id: 'actions',
        header: 'Actions',
        accessor: () => null,
        sortable: false,
        width: 90,
        cell: (item: Item) => (
          <Link href={`${listPathOf(ui)}/clone/${item.id}`} aria-label={`Clone ${named(item)}`}>
            Clone
          </Link>
        ),
      },
    ];
  }, [ui, sortFields, refOptions]);

  const sorting = useMemo(() => sortingFromTerms(state.sort), [state.sort]);
  const update = (change: Partial<ListState>) => setState({ ...stateRef.current, ...change });

  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [bulk, setBulk] = useState<{ action: BulkAction; ids: number[] } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['entity'] });

  const runBulk = async () => {
    if (!bulk) return;
    const call =
      bulk.action === 'archive' ? archiveItem : bulk.action === 'restore' ? restoreItem : deleteItem;
    const results = await Promise.all(bulk.ids.map((id) => call(client, ui.kind, id)));
    void refresh();
    const failures = results.flatMap((outcome) => (outcome.status === 'ok' ? [] : [problemOf(outcome)]));
    const done = results.length - failures.length;
    const verb = bulk.action === 'archive' ? 'archived' : bulk.action === 'restore' ? 'restored' : 'deleted';
    if (done > 0)
      toast.success(`${done} ${done === 1 ? names.singular : names.plural.toLowerCase()} ${verb}`);
    setSelectedIds((old) => old.filter((id) => !bulk.ids.includes(Number(id)) || failures.length > 0));
    if (failures.length > 0) {
      const problem: CallProblem = {
        message: `${failures.length} of ${results.length} could not be ${verb}:`,
        errors: failures.map((failure) => ({ message: failure.message })),
      };
      throw problem;
    }
  };

  const massEditable = entityNames[ui.routeKind].massEdit;
  return (
    <div className={styles.page}>
      <PageHeader
        title={names.plural}
        actions={
          <span className={styles.actions}>
            {ui.ListActions && <ui.ListActions />}
            {creatable && (
              <Button asChild>
                <Link href={`${listPathOf(ui)}/create`}>New {names.singular}</Link>
              </Button>
            )}
          </span>
        }
      />
      <div className={styles.filters}>
        <div className={styles.filterControl}>
          <Select
            label="Show"
            size="sm"
            options={archivedOptions}
            value={state.archived}
            onValueChange={(archived) => update({ archived: archived as ListState['archived'], page: 1 })}
          />
        </div>
        {ui.filters.map((filter) => {
          const options =
            'ref' in filter
              ? refSelectOptions(refOptions.get(refKey(filter.ref)), filter.noneLabel ?? 'None', undefined)
              : filter.options;
          return (
            <div key={filter.param} className={styles.filterControl}>
              <Select
                label={filter.label}
                size="sm"
                options={[{ value: ANY, label: 'Any' }, ...options]}
                value={state.filters[filter.param] ?? ANY}
                onValueChange={(value) => {
                  const filters = { ...stateRef.current.filters };
                  if (value === ANY) delete filters[filter.param];
                  else filters[filter.param] = value;
                  update({ filters, page: 1 });
                }}
              />
            </div>
          );
        })}
      </div>
      <DataTable<Item>
        label={names.plural}
        data={items}
        columns={columns}
        getRowId={(item) => String(item.id)}
        storageKey={`cairn.columns.${ui.kind}`}
        colorization={settings.colorizationMode}
        verticalBorders={settings.isWithVerticalBorders}
        searchable
        searchPlaceholder={`Search ${names.plural.toLowerCase()}`}
        search={searchText}
        onSearchChange={setSearchText}
        manualSorting
        manualFiltering
        sorting={sorting}
        onSortingChange={(next: SortingState) =>
          update({ sort: termsFromSorting(next, sortFields), page: 1 })
        }
        pagination={{
          pageIndex: state.page - 1,
          pageSize: state.pageSize,
          rowCount: total,
          onChange: ({ pageIndex, pageSize }) => update({ page: pageIndex + 1, pageSize }),
        }}
        loading={list.isPending}
        // The table shows the error as an EmptyState title, a <p>: inline content only.
        error={
          result && result.status !== 'ok' ? <ServerMessage as="span" {...problemOf(result)} /> : undefined
        }
        onRetry={() => void list.refetch()}
        emptyTitle={`No ${names.plural.toLowerCase()} here`}
        emptyAction={
          creatable && (
            <Button asChild size="sm">
              <Link href={`${listPathOf(ui)}/create`}>New {names.singular}</Link>
            </Button>
          )
        }
        onRowActivate={(item) => navigate(`${listPathOf(ui)}/edit/${item.id}`)}
        selectable
        selectedIds={selectedIds}
        onSelectedIdsChange={setSelectedIds}
        selectionActions={(ids) => {
          const chosen = ids.map(Number);
          const selectedItems = items.filter((item) => chosen.includes(item.id));
          return (
            <>
              {massEditable && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    navigate(
                      `${listPath === '/' ? '' : listPath}/edit/mass/${chosen.join(',')}${search ? `?${search}` : ''}`,
                    )
                  }
                >
                  Mass edit
                </Button>
              )}
              {selectedItems.some((item) => !item.archived) && (
                <Button
                  size="sm"
                  variant="outline"
                  tone="neutral"
                  onClick={() => setBulk({ action: 'archive', ids: chosen })}
                >
                  Archive
                </Button>
              )}
              {selectedItems.some((item) => item.archived) && (
                <Button
                  size="sm"
                  variant="outline"
                  tone="neutral"
                  onClick={() => setBulk({ action: 'restore', ids: chosen })}
                >
                  Restore
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                tone="danger"
                onClick={() => setBulk({ action: 'delete', ids: chosen })}
              >
                Delete
              </Button>
            </>
          );
        }}
      />
      <ConfirmDialog
        open={bulk !== null}
        onOpenChange={(open) => {
          if (!open) setBulk(null);
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
      {massEditable && massIds.length > 0 && (
        <MassEdit
          ui={ui}
          ids={massIds}
          onClose={() => navigate(listAddress)}
          onSaved={() => {
            setSelectedIds([]);
            void refresh();
          }}
        />
      )}
    </div>
  );
}

/** `edit/mass/{ids}`: the chosen items (archived ones too) in the ui mass-edit modal. */
function MassEdit({
  ui,
  ids,
  onClose,
  onSaved,
}: {
  ui: EntityUi;
  ids: number[];
  onClose: () => void;
  onSaved: () => void;
}) {
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
    toast.success(
      `${saved.updated} ${saved.updated === 1 ? names.singular : names.plural.toLowerCase()} updated`,
    );
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
