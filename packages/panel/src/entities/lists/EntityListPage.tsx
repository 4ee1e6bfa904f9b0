import { ENTITY_STATS_KINDS, REPORT_METRICS } from '@cairn/contract';
import { Button, DataTable, PageHeader, ServerMessage, type SortingState } from '@cairn/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useCurrentUser } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { useNarrowScreen } from '../../narrow/narrowScreen.ts';
import type { PageProps } from '../../pages/pageProps.ts';
import { narrowColumns, useKeyMetrics } from '../../reports/keyMetrics.ts';
import type { ListStats } from '../../reports/listStats.tsx';
import { KeyMetricsChooser } from '../../reports/toolbar/KeyMetricsChooser.tsx';
import { parseIds } from '../../routes/resolve.ts';
import { entityKindOf, entityNames } from '../../routes/table.ts';
import { editPathOfItem, listPathOf, reportPathOf } from '../addresses.ts';
import { entityQueryKeys, fetchList, listSpecOf, problemOf } from '../api.ts';
import * as styles from '../entities.css.ts';
import { MassEditDialog } from '../massEdit/MassEditDialog.tsx';
import { entityUis } from '../registry.ts';
import type { EntityUi, Item } from '../types.ts';
import { BulkConfirmDialog, type BulkRequest, SelectionActions } from './BulkActions.tsx';
import { EntityCsvButtons, isCsvKind } from './EntityCsvButtons.tsx';
import { ListFilters } from './ListFilters.tsx';
import { useListColumns, useListRefOptions, useRefsCover } from './listColumns.tsx';
import { type ListState, listParams, sortingFromTerms, termsFromSorting, useListState } from './listState.ts';

// An entity list: the list state (search, filters, sort, page) drives the server query; the filters,
// the columns, the selection's actions and the mass-edit modal are parts beside this file.

const SEARCH_DELAY_MS = 300;
const NO_ITEMS: Item[] = [];
const NO_FIELDS: readonly string[] = [];

/** What a kind's list may be sorted by besides its own fields: the numbers beside its rows, if it has them. */
const statsFieldsOf = (kind: string): readonly string[] =>
  (ENTITY_STATS_KINDS as readonly string[]).includes(kind) ? REPORT_METRICS : NO_FIELDS;

// The numbers next to the rows (clicks, revenue ... for a period) come as their own chunk once the list
// shows; a chunk that cannot load leaves the list without them rather than broken.
const ListStatsController = lazy(() =>
  import('../../reports/listStats.tsx').catch(() => ({ default: () => null })),
);

export default function EntityListPage(props: PageProps) {
  const ui = entityUis[entityKindOf(props.route)];
  const massIds = props.child ? parseIds(props.params.ids) : [];
  return <EntityList ui={ui} massIds={massIds} />;
}

function EntityList({ ui, massIds }: { ui: EntityUi; massIds: number[] }) {
  const { client, debugSettings } = useServices();
  const queryClient = useQueryClient();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const settings = useSyncExternalStore(debugSettings.subscribe, debugSettings.getSnapshot);
  const currentUser = useCurrentUser();
  const creatable = ui.canCreate?.(currentUser) ?? true;
  const names = entityNames[ui.routeKind];
  const spec = listSpecOf(ui.kind);
  const sortFields: readonly string[] = spec.sortFields;
  const [state, setState] = useListState(spec, statsFieldsOf(ui.kind));
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
      // Each pause in typing is not a step of its own for the back button.
      () => setState({ ...stateRef.current, q: searchText, page: 1 }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [searchText, setState]);

  const [stats, setStats] = useState<ListStats>();
  const refs = useListRefOptions(ui);
  const refOptions = refs.options;
  const covering = useRefsCover(ui, items, list.dataUpdatedAt, refs);
  const namesComing = refs.pending || covering;
  const allColumns = useListColumns(ui, sortFields, refOptions, stats?.columns);
  // A phone shows each row's name and the user's key metrics, and no column of the desk's choice.
  const narrow = useNarrowScreen();
  const hasStats = statsFieldsOf(ui.kind).length > 0;
  const keyMetrics = useKeyMetrics(currentUser?.isHideProfit ?? false);
  const columns = useMemo(
    () => (narrow ? narrowColumns(allColumns, ui.labelField, hasStats ? keyMetrics.chosen : []) : allColumns),
    [narrow, allColumns, ui.labelField, hasStats, keyMetrics.chosen],
  );
  const listSorting = useMemo(() => sortingFromTerms(state.sort), [state.sort]);
  const sorting = useMemo(
    () => (state.statsSort ? [{ id: state.statsSort.metric, desc: state.statsSort.desc }] : listSorting),
    [state.statsSort, listSorting],
  );
  const update = (change: Partial<ListState>) => setState({ ...stateRef.current, ...change });

  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [bulk, setBulk] = useState<BulkRequest | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['entity'] });

  const massEditable = entityNames[ui.routeKind].massEdit;
  return (
    <div className={styles.page}>
      <PageHeader
        title={names.plural}
        actions={
          <span className={styles.actions}>
            {ui.ListActions && <ui.ListActions />}
            {isCsvKind(ui.kind) && (
              <EntityCsvButtons
                kind={ui.kind}
                params={params}
                canImport={creatable}
                nounPlural={names.plural}
              />
            )}
            {creatable && (
              <Button asChild>
                <Link href={`${listPathOf(ui)}/create`}>New {names.singular}</Link>
              </Button>
            )}
          </span>
        }
      />
      <ListFilters
        ui={ui}
        refOptions={refOptions}
        archived={state.archived}
        filters={state.filters}
        onArchivedChange={(archived) => update({ archived, page: 1 })}
        onFilterChange={(param, value) => {
          const filters = { ...stateRef.current.filters };
          if (value === undefined) delete filters[param];
          else filters[param] = value;
          update({ filters, page: 1 });
        }}
      />
      <DataTable<Item>
        label={names.plural}
        // Rows wait for the names of what they refer to: an id in their place would be read, then change.
        data={namesComing ? NO_ITEMS : (stats?.items ?? items)}
        columns={columns}
        getRowId={(item) => String(item.id)}
        // The desk's column choice (order, shown, widths) is not the phone's: it neither applies nor changes.
        storageKey={narrow ? undefined : `cairn.columns.${ui.kind}`}
        appearance={{
          colorization: settings.colorizationMode,
          verticalBorders: settings.isWithVerticalBorders,
          height: 'fill',
          // On a phone the key metrics are the columns to pick, in their own chooser.
          columnSettings: !narrow,
        }}
        search={{
          placeholder: `Search ${names.plural.toLowerCase()}`,
          value: searchText,
          onChange: setSearchText,
        }}
        filtering={{ manual: true }}
        sorting={{
          manual: true,
          state: sorting,
          onChange: (next: SortingState) => {
            // A metric is sorted by the stats (the server's order of the whole list); the rest by the list.
            const first = next[0];
            if (first && statsFieldsOf(ui.kind).includes(first.id)) {
              update({ statsSort: { metric: first.id, desc: first.desc }, page: 1 });
            } else update({ sort: termsFromSorting(next, sortFields), statsSort: null, page: 1 });
          },
        }}
        paging={{
          pages: {
            pageIndex: state.page - 1,
            pageSize: state.pageSize,
            rowCount: stats?.total ?? total,
            onChange: ({ pageIndex, pageSize }) => update({ page: pageIndex + 1, pageSize }),
          },
        }}
        toolbar={
          narrow && hasStats ? (
            <>
              <KeyMetricsChooser keyMetrics={keyMetrics} />
              {stats?.toolbar}
            </>
          ) : (
            stats?.toolbar
          )
        }
        totals={stats?.showTotals ? { label: stats.totalsLabel } : false}
        status={{
          loading: list.isPending || namesComing || stats?.loading,
          // The table shows the error as an EmptyState title, a <p>: inline content only.
          error:
            result && result.status !== 'ok' ? <ServerMessage as="span" {...problemOf(result)} /> : undefined,
          onRetry: () => void list.refetch(),
          emptyTitle: `No ${names.plural.toLowerCase()} here`,
          emptyAction: creatable && (
            <Button asChild size="sm">
              <Link href={`${listPathOf(ui)}/create`}>New {names.singular}</Link>
            </Button>
          ),
        }}
        // A row opens what its name links to: the report, or the form of a kind without reports.
        onRowActivate={(item) => navigate(reportPathOf(ui, [item.id]) ?? editPathOfItem(ui, item.id))}
        // On a phone a row is tapped to open it; selecting several is a desk's task.
        selection={
          narrow
            ? undefined
            : {
                selectedIds,
                onSelectedIdsChange: setSelectedIds,
                actions: (ids) => (
                  <SelectionActions
                    ids={ids.map(Number)}
                    items={items}
                    massEditable={massEditable}
                    reportPath={reportPathOf(ui, ids.map(Number))}
                    extra={ui.SelectionActions && <ui.SelectionActions ids={ids.map(Number)} />}
                    onMassEdit={(chosen) =>
                      navigate(
                        `${listPath === '/' ? '' : listPath}/edit/mass/${chosen.join(',')}${search ? `?${search}` : ''}`,
                      )
                    }
                    onBulk={setBulk}
                  />
                ),
              }
        }
      />
      <Suspense fallback={null}>
        <ListStatsController
          ui={ui}
          params={params}
          sort={state.statsSort}
          items={items}
          total={total}
          page={state.page}
          pageSize={state.pageSize}
          onChange={setStats}
        />
      </Suspense>
      <BulkConfirmDialog
        ui={ui}
        bulk={bulk}
        onClose={() => setBulk(null)}
        onDone={(ids, anyFailed) =>
          setSelectedIds((old) => old.filter((id) => !ids.includes(Number(id)) || anyFailed))
        }
      />
      {massEditable && massIds.length > 0 && (
        <MassEditDialog
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
