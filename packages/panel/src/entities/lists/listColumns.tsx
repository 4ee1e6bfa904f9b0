import type { DataTableColumn } from '@cairn/ui';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../utils/format.ts';
import { editPathOfItem, listPathOf, reportPathOf } from '../addresses.ts';
import * as styles from '../entities.css.ts';
import { type RefOption, type RefOptionsState, refKey, useRefOptionsState } from '../refs.ts';
import type { EntityUi, Item, ListColumnSpec, RefSpec } from '../types.ts';

// The list's table columns from the kind's description: reference columns show the referenced item's
// name, the name column links to the item's report (to its form for kinds without reports) and stays in
// view while the table scrolls sideways, the numbers come right after the name (what a buyer reads
// first), and every row ends with its Edit and Clone links. The one column editor lists them under
// Settings and the numbers under Metrics.

/** The last change of an item, as the viewer's clock and calendar say it. */
export const updatedColumn: ListColumnSpec = {
  id: 'updatedAt',
  header: 'Updated',
  width: 176,
  accessor: (item) => (typeof item.updatedAt === 'string' ? formatDateTime(item.updatedAt) : null),
};

/** The references the kind's columns and filters name, one each. */
function listRefSpecs(ui: EntityUi): RefSpec[] {
  const all = [
    ...ui.columns.flatMap((column) => (column.ref ? [column.ref] : [])),
    ...ui.filters.flatMap((filter) => ('ref' in filter ? [filter.ref] : [])),
  ];
  // A column and a filter often name the same reference; one query serves both.
  return all.filter((spec, index) => all.findIndex((other) => refKey(other) === refKey(spec)) === index);
}

/** The options of every reference the kind's columns and filters name, by `refKey`. */
export function useListRefOptions(ui: EntityUi): RefOptionsState {
  const refSpecs = useMemo(() => listRefSpecs(ui), [ui]);
  return useRefOptionsState(refSpecs);
}

/** Whether some item refers to one the names do not know (made since, by someone else or in another tab). */
function namesSomeUnknown(
  ui: EntityUi,
  items: readonly Item[],
  options: ReadonlyMap<string, RefOption[] | undefined>,
): boolean {
  return ui.columns.some((column) => {
    const ref = column.ref;
    if (!ref) return false;
    const known = options.get(refKey(ref));
    return items.some((item) => {
      const id = item[column.id];
      return typeof id === 'number' && !known?.some((option) => option.id === id);
    });
  });
}

/**
 * Asks for the names again when the list, answered after them, refers to an item they do not know: once
 * per list answer, so a name that cannot be had is not asked for in a loop. True while those names are
 * on their way, for the list to wait for them rather than show an id.
 */
export function useRefsCover(
  ui: EntityUi,
  items: readonly Item[],
  listUpdatedAt: number,
  refs: RefOptionsState,
): boolean {
  const askedFor = useRef(0);
  const { pending, fetching, updatedAt, options, refetch } = refs;
  const unknown = useMemo(() => namesSomeUnknown(ui, items, options), [ui, items, options]);
  const older = !pending && unknown && listUpdatedAt > updatedAt;
  useEffect(() => {
    if (!older || fetching || askedFor.current === listUpdatedAt) return;
    askedFor.current = listUpdatedAt;
    refetch();
  }, [older, fetching, listUpdatedAt, refetch]);
  return older && (fetching || askedFor.current !== listUpdatedAt);
}

const NO_COLUMNS: readonly DataTableColumn<Item>[] = [];
/** The heading the column editor lists the item's own columns under, above the metrics. */
export const SETTINGS_GROUP = 'Settings';

export function useListColumns(
  ui: EntityUi,
  sortFields: readonly string[],
  refOptions: Map<string, RefOption[] | undefined>,
  /** Columns shown right after the name (the list's metrics). */
  extraColumns: readonly DataTableColumn<Item>[] = NO_COLUMNS,
): DataTableColumn<Item>[] {
  return useMemo<DataTableColumn<Item>[]>(() => {
    const named = (item: Item) => String(item[ui.labelField] ?? '');
    // Each reference's names by id: every row of every reference column looks one up.
    const labels = new Map(
      [...refOptions].map(([key, options]) => [
        key,
        new Map((options ?? []).map((option) => [option.id, option.label])),
      ]),
    );
    const own = ui.columns.map((column): DataTableColumn<Item> => {
      const ref = column.ref;
      const accessor =
        column.accessor ??
        (ref
          ? (item: Item) => {
              const id = item[column.id];
              if (typeof id !== 'number') return null;
              return labels.get(refKey(ref))?.get(id) ?? `#${id}`;
            }
          : (item: Item) => {
              const value = item[column.id];
              return typeof value === 'string' || typeof value === 'number' ? value : null;
            });
      const isName = column.id === ui.labelField;
      return {
        id: column.id,
        header: column.header,
        accessor,
        ...(column.kind ? { kind: column.kind } : {}),
        ...(column.width ? { width: column.width } : {}),
        ...(column.hideable !== undefined ? { hideable: column.hideable } : {}),
        ...(column.hidden ? { hidden: true } : {}),
        ...(column.cell ? { cell: column.cell } : {}),
        ...(column.text ? { text: column.text } : {}),
        sortable: sortFields.includes(column.id),
        group: SETTINGS_GROUP,
        ...(isName
          ? {
              pinned: true,
              cell: (item: Item) => (
                <Link href={reportPathOf(ui, [item.id]) ?? editPathOfItem(ui, item.id)}>
                  {named(item)}
                  {item.archived ? ' (archived)' : ''}
                </Link>
              ),
            }
          : {}),
      };
    });
    const afterName = own.findIndex((column) => column.id === ui.labelField) + 1;
    // Each column once in the table and its editor: a number of the item's own is not listed again.
    const extra = extraColumns.filter((column) => !own.some((other) => other.id === column.id));
    return [
      ...own.slice(0, afterName),
      ...extra,
      ...own.slice(afterName),
      {
        id: 'actions',
        header: 'Actions',
        accessor: () => null,
        sortable: false,
        width: 120,
        group: SETTINGS_GROUP,
        cell: (item: Item) => (
          <span className={styles.rowActions}>
            {reportPathOf(ui, [item.id]) && (
              <Link href={editPathOfItem(ui, item.id)} aria-label={`Edit ${named(item)}`}>
                Edit
              </Link>
            )}
            <Link href={`${listPathOf(ui)}/clone/${item.id}`} aria-label={`Clone ${named(item)}`}>
              Clone
            </Link>
          </span>
        ),
      },
    ];
  }, [ui, sortFields, refOptions, extraColumns]);
}
