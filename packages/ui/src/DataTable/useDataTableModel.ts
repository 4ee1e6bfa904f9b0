import { useDirection } from '@radix-ui/react-direction';
import {
  type ColumnDef,
  type ColumnFiltersState,
  type ExpandedState,
  type FilterFn,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import type { MouseEvent as ReactMouseEvent } from 'react';
import { useCallback, useMemo } from 'react';
import { useColumnSettings } from './columns/columnSettings.ts';
import { type Features, features, numberFilterFn } from './features.ts';
import { useControllable } from './grid/useControllable.ts';
import { type DataTableProps, DEFAULT_WIDTH, isNumeric } from './types.ts';

const NO_SUB_ROWS: never[] = [];

/**
 * The TanStack table behind a DataTable: its column definitions and every piece of state a caller
 * may control (sorting, filters, search, selection, open rows) or leave to the table.
 */
/** `sizeScale`: the scheme's size scale at the user's size preference; column widths are given at 1. */
export function useDataTableModel<T extends RowData>(props: DataTableProps<T>, sizeScale = 1) {
  const { data, columns, getRowId, tree } = props;
  const getSubRows = tree?.getSubRows;

  const [sorting, setSorting] = useControllable<SortingState>(
    props.sorting?.state,
    props.sorting?.onChange,
    [],
  );
  const [columnFilters, setColumnFilters] = useControllable<ColumnFiltersState>(
    props.filtering?.columnFilters,
    props.filtering?.onChange,
    [],
  );
  const [search, setSearch] = useControllable<string>(props.search?.value, props.search?.onChange, '');
  const [expanded, setExpanded] = useControllable<ExpandedState>(tree?.expanded, tree?.onExpandedChange, {});
  const onIdsChange = props.selection?.onSelectedIdsChange;
  const selectedIdsProp = props.selection?.selectedIds;
  const selectionFromProp = useMemo<RowSelectionState | undefined>(
    () => (selectedIdsProp ? Object.fromEntries(selectedIdsProp.map((id) => [id, true])) : undefined),
    [selectedIdsProp],
  );
  const onSelectionChange = useCallback(
    (next: RowSelectionState) => onIdsChange?.(Object.keys(next).filter((id) => next[id])),
    [onIdsChange],
  );
  const [rowSelection, setRowSelection] = useControllable<RowSelectionState>(
    selectionFromProp,
    onSelectionChange,
    {},
  );
  const { settings, update: updateSettings, reset: resetSettings } = useColumnSettings(props.storageKey);

  const columnDefs = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: column.accessor,
        header: column.header,
        size: Math.round((column.width ?? DEFAULT_WIDTH) * sizeScale),
        minSize: Math.round((column.minWidth ?? 60) * sizeScale),
        enableSorting: column.sortable ?? true,
        enableHiding: column.hideable ?? true,
        enableColumnFilter: column.filterable ?? false,
        enableGlobalFilter: true,
        sortFn: isNumeric(column.kind) ? 'basic' : 'text',
        sortUndefined: 'last',
        filterFn: isNumeric(column.kind) ? (numberFilterFn as FilterFn<Features, T>) : 'includesString',
      })),
    [columns, sizeScale],
  );

  // TanStack keeps each row's values cached for as long as the data array is the same: columns whose
  // accessors read something that arrived later (a referenced item's name) would keep showing what
  // they read first. New columns therefore give the table a new array, so the rows read again.
  const rowData = useMemo(() => {
    void columnDefs;
    return data.slice() as T[];
  }, [data, columnDefs]);
  // Columns hidden by default, unless the user's saved settings say otherwise.
  const columnVisibility = useMemo(() => {
    const defaults = Object.fromEntries(
      columns.filter((column) => column.hidden).map((column) => [column.id, false]),
    );
    return { ...defaults, ...settings.visibility };
  }, [columns, settings.visibility]);

  const direction = useDirection(undefined);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rowData,
    getRowId: (row: T) => getRowId(row),
    getSubRows: getSubRows ? (row: T) => (getSubRows(row) as T[] | undefined) ?? NO_SUB_ROWS : undefined,
    state: {
      sorting,
      columnFilters,
      globalFilter: search,
      rowSelection,
      expanded,
      columnVisibility,
      columnOrder: settings.order,
      columnSizing: settings.sizing,
    },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onGlobalFilterChange: (updater: Updater<string>) => setSearch(updater),
    onRowSelectionChange: setRowSelection,
    onExpandedChange: setExpanded,
    // Saved whole, defaults included: a default that changes later does not change what a user chose.
    onColumnVisibilityChange: (updater) =>
      updateSettings('visibility', () =>
        typeof updater === 'function' ? updater(columnVisibility) : updater,
      ),
    onColumnOrderChange: (updater) => updateSettings('order', updater),
    onColumnSizingChange: (updater) => updateSettings('sizing', updater),
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    manualSorting: props.sorting?.manual ?? false,
    manualFiltering: props.filtering?.manual ?? false,
    // A refetch of a report keeps its open rows: they are keyed by row id, not position.
    autoResetExpanded: false,
    enableMultiSort: true,
    enableRowRangeSelection: true,
    isRowRangeSelectionEvent: (event: unknown) => Boolean((event as ReactMouseEvent).shiftKey),
    columnResizeMode: 'onChange',
    // Right to left, a column's end edge is its left one: dragging it leftwards widens the column.
    columnResizeDirection: direction,
  });

  return {
    table,
    sorting,
    columnFilters,
    search,
    setSearch,
    rowSelection,
    setRowSelection,
    columnSizing: settings.sizing,
    updateSettings,
    resetSettings,
  };
}
