import type { DataTableColumn } from '@cairn/ui';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { listPathOf } from './addresses.ts';
import { type RefOption, refKey, useRefOptionsMap } from './refs.ts';
import type { EntityUi, Item, RefSpec } from './types.ts';

// The list's table columns from the kind's description: reference columns show the referenced item's
// name, the name column links to the item's form, and every row ends with its Clone link.

/** The options of every reference the kind's columns and filters name, by `refKey`. */
export function useListRefOptions(ui: EntityUi): Map<string, RefOption[] | undefined> {
  const refSpecs = useMemo<RefSpec[]>(() => {
    const all = [
      ...ui.columns.flatMap((column) => (column.ref ? [column.ref] : [])),
      ...ui.filters.flatMap((filter) => ('ref' in filter ? [filter.ref] : [])),
    ];
    // A column and a filter often name the same reference; one query serves both.
    return all.filter((spec, index) => all.findIndex((other) => refKey(other) === refKey(spec)) === index);
  }, [ui]);
  return useRefOptionsMap(refSpecs);
}

const NO_COLUMNS: readonly DataTableColumn<Item>[] = [];

export function useListColumns(
  ui: EntityUi,
  sortFields: readonly string[],
  refOptions: Map<string, RefOption[] | undefined>,
  /** Columns shown before the actions (the list's metrics). */
  extraColumns: readonly DataTableColumn<Item>[] = NO_COLUMNS,
): DataTableColumn<Item>[] {
  return useMemo<DataTableColumn<Item>[]>(() => {
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
      ...extraColumns,
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
  }, [ui, sortFields, refOptions, extraColumns]);
}
