// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA grid is made of divs, since table layout cannot position rows absolutely
// biome-ignore-all lint/a11y/useFocusableInteractive: ARIA grid roving tabindex: only the active cell is focusable, rows never are
import {
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown, CircleExclamationPoint, Search, SearchX } from 'lucide-react';
import {
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { Skeleton } from '../Skeleton/Skeleton.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { ColumnSettingsMenu } from './ColumnSettingsMenu.tsx';
import { useColumnSettings } from './columnSettings.ts';
import * as styles from './DataTable.css.ts';
import { type Features, features, numberFilterFn } from './features.ts';
import { type ColorizationMode, type ColumnKind, formatValue, toneOf } from './format.ts';
import { Pager, type PaginationProps } from './Pager.tsx';
import { VirtualRows, type VirtualRowsHandle } from './VirtualRows.tsx';

export type CellValue = string | number | null | undefined;

/** A column of a DataTable, typed by the row it reads. */
export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** The cell's value: what is sorted, filtered, searched and totalled. */
  accessor: (row: T) => CellValue;
  /** How the value is formatted and aligned; numeric kinds align right. Default `text`. */
  kind?: ColumnKind;
  currency?: string;
  decimals?: number;
  /** Custom rendering (links, badges); the value stays what sorting and filtering use. */
  cell?: (row: T, value: CellValue) => ReactNode;
  /** Width in px (default 150); users can resize, and the width is saved. */
  width?: number;
  minWidth?: number;
  sortable?: boolean;
  /** Shows a filter box under the header: "contains" for text, `>10`, `<=5`, `10..20` for numbers. */
  filterable?: boolean;
  /** Whether users may hide the column (default true). */
  hideable?: boolean;
  /** Totals row entry: sum or average over all filtered rows, or a custom value. */
  total?: 'sum' | 'avg' | ((rows: readonly T[]) => CellValue);
  /** Marks profit-like values that the colorization modes tint by sign. */
  profit?: boolean;
}

export interface DataTableProps<T extends RowData> {
  /** Accessible name of the grid. */
  label: string;
  data: readonly T[];
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** Column visibility, order and widths are saved in localStorage under this key. */
  storageKey?: string;
  colorization?: ColorizationMode;
  verticalBorders?: boolean;
  /** Row tone for `colored-rows`; by default the sign of the first `profit` column. */
  rowTone?: (row: T) => 'positive' | 'negative' | undefined;
  /** Row height in px; rows are virtualised, so all rows share it. */
  rowHeight?: number;
  /** Height of the scrolling area in px. */
  height?: number;
  locale?: string;

  /** Adds a checkbox column: click, Shift+click for ranges, Space on a row, and select-all. */
  selectable?: boolean;
  selectedIds?: readonly string[];
  onSelectedIdsChange?: (ids: string[]) => void;
  /** Mass actions shown while rows are selected. */
  selectionActions?: (selectedIds: string[], clear: () => void) => ReactNode;

  /** Search box over all columns. */
  searchable?: boolean;
  search?: string;
  onSearchChange?: (search: string) => void;
  searchPlaceholder?: string;
  columnFilters?: ColumnFiltersState;
  onColumnFiltersChange?: (filters: ColumnFiltersState) => void;
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** Server-side: the data arrives already sorted / filtered; the table only reports state. */
  manualSorting?: boolean;
  manualFiltering?: boolean;
  /** Server-side paging: shows a pager; `data` is the current page. */
  pagination?: PaginationProps;

  showTotals?: boolean;
  totalsLabel?: string;
  loading?: boolean;
  /** An error replaces the rows (e.g. a <ServerMessage>). */
  error?: ReactNode;
  onRetry?: () => void;
  emptyTitle?: ReactNode;
  emptyAction?: ReactNode;
  /** Enter on a focused row (e.g. open the edit form). */
  onRowActivate?: (row: T) => void;
  /** Extra toolbar content (Create button, date range ...). */
  toolbar?: ReactNode;
}

type TableRow<T extends RowData> = Row<Features, T>;

const isNumeric = (kind: ColumnKind | undefined) => kind !== undefined && kind !== 'text';
const DEFAULT_WIDTH = 150;
const SELECT_WIDTH = 40;

function useControllable<V>(value: V | undefined, onChange: ((v: V) => void) | undefined, initial: V) {
  const [inner, setInner] = useState<V>(initial);
  const current = value !== undefined ? value : inner;
  const currentRef = useRef(current);
  currentRef.current = current;
  const set = useCallback(
    (updater: Updater<V>) => {
      const next = typeof updater === 'function' ? (updater as (old: V) => V)(currentRef.current) : updater;
      setInner(next);
      onChange?.(next);
    },
    [onChange],
  );
  return [current, set] as const;
}

/**
 * The panel's data grid: TanStack Table for the model, TanStack Virtual for rendering only the rows
 * in view (100k rows stay smooth), sticky header and totals, and an ARIA grid keyboard model.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const {
    label,
    data,
    columns,
    getRowId,
    storageKey,
    colorization = 'colored-rows',
    verticalBorders = false,
    rowHeight = 36,
    height = 480,
    locale,
    selectable = false,
    searchable = false,
    searchPlaceholder = 'Search',
    manualSorting = false,
    manualFiltering = false,
    pagination,
    showTotals = false,
    totalsLabel = 'Total',
    loading = false,
    error,
    onRetry,
    emptyTitle = 'Nothing here yet',
    emptyAction,
    onRowActivate,
    toolbar,
    selectionActions,
  } = props;
  const gridId = useId();

  const [sorting, setSorting] = useControllable<SortingState>(props.sorting, props.onSortingChange, []);
  const [columnFilters, setColumnFilters] = useControllable<ColumnFiltersState>(
    props.columnFilters,
    props.onColumnFiltersChange,
    [],
  );
  const [search, setSearch] = useControllable<string>(props.search, props.onSearchChange, '');
  const onIdsChange = props.onSelectedIdsChange;
  const selectedIdsProp = props.selectedIds;
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
  const { settings, update: updateSettings, reset: resetSettings } = useColumnSettings(storageKey);

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const profitColumn = useMemo(() => columns.find((column) => column.profit), [columns]);

  const columnDefs = useMemo<ColumnDef<Features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: T) => column.accessor(row),
        header: column.header,
        size: column.width ?? DEFAULT_WIDTH,
        minSize: column.minWidth ?? 60,
        enableSorting: column.sortable ?? true,
        enableHiding: column.hideable ?? true,
        enableColumnFilter: column.filterable ?? false,
        enableGlobalFilter: true,
        sortFn: isNumeric(column.kind) ? 'basic' : 'text',
        sortUndefined: 'last',
        filterFn: isNumeric(column.kind) ? (numberFilterFn as FilterFn<Features, T>) : 'includesString',
      })),
    [columns],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: data as T[],
    getRowId: (row: T) => getRowId(row),
    state: {
      sorting,
      columnFilters,
      globalFilter: search,
      rowSelection,
      columnVisibility: settings.visibility,
      columnOrder: settings.order,
      columnSizing: settings.sizing,
    },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onGlobalFilterChange: (updater: Updater<string>) => setSearch(updater),
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: (updater) => updateSettings('visibility', updater),
    onColumnOrderChange: (updater) => updateSettings('order', updater),
    onColumnSizingChange: (updater) => updateSettings('sizing', updater),
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: () => true,
    manualSorting,
    manualFiltering,
    enableMultiSort: true,
    enableRowRangeSelection: true,
    isRowRangeSelectionEvent: (event: unknown) => Boolean((event as ReactMouseEvent).shiftKey),
    columnResizeMode: 'onChange',
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const totalWidth = visibleColumns.reduce(
    (sum, column) => sum + column.getSize(),
    selectable ? SELECT_WIDTH : 0,
  );
  const columnCount = visibleColumns.length + (selectable ? 1 : 0);
  const hasFilters = visibleColumns.some((column) => column.getCanFilter());
  const headerRows = 1 + (hasFilters ? 1 : 0);

  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualiser lives in <VirtualRows>, so scrolling re-renders only the rows, not the
  // toolbar and header; keyboard navigation reaches it through this handle.
  const virtualRows = useRef<VirtualRowsHandle>(null);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);

  // Keyboard model of an ARIA grid: one focusable cell, arrows move it.
  const [focus, setFocus] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  const shouldFocus = useRef(false);
  const clampedFocus = {
    row: Math.min(focus.row, Math.max(0, rows.length - 1)),
    col: Math.min(focus.col, Math.max(0, columnCount - 1)),
  };
  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    const element = scrollRef.current?.querySelector<HTMLElement>(
      `[data-cell="${clampedFocus.row}:${clampedFocus.col}"]`,
    );
    element?.focus({ preventScroll: true });
  });

  const moveFocus = (row: number, col: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, row)),
      col: Math.max(0, Math.min(columnCount - 1, col)),
    };
    shouldFocus.current = true;
    setFocus(next);
    virtualRows.current?.scrollToIndex(next.row);
  };

  const pageRows = Math.max(1, Math.floor((height - rowHeight * headerRows) / rowHeight) - 1);
  const onGridKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!target.hasAttribute('data-cell') || rows.length === 0) return;
    const { row, col } = clampedFocus;
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(row + 1, col);
        break;
      case 'ArrowUp':
        moveFocus(row - 1, col);
        break;
      case 'ArrowRight':
        moveFocus(row, col + 1);
        break;
      case 'ArrowLeft':
        moveFocus(row, col - 1);
        break;
      case 'PageDown':
        moveFocus(row + pageRows, col);
        break;
      case 'PageUp':
        moveFocus(row - pageRows, col);
        break;
      case 'Home':
        moveFocus(event.ctrlKey ? 0 : row, 0);
        break;
      case 'End':
        moveFocus(event.ctrlKey ? rows.length - 1 : row, columnCount - 1);
        break;
      case ' ': {
        const current = rows[row];
        if (selectable && current) {
          current.getToggleSelectedHandler()({
            target: { checked: !current.getIsSelected() },
            shiftKey: event.shiftKey,
          });
        }
        break;
      }
      case 'Enter': {
        const current = rows[row];
        if (current && onRowActivate) onRowActivate(current.original);
        break;
      }
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };

  const selectedIds = useMemo(
    () => Object.keys(rowSelection).filter((id) => rowSelection[id]),
    [rowSelection],
  );
  const clearSelection = useCallback(() => setRowSelection({}), [setRowSelection]);

  const filteredRows = table.getFilteredRowModel().rows;
  const totals = useMemo(() => {
    if (!showTotals) return undefined;
    const originals = filteredRows.map((row) => row.original);
    const result: Record<string, CellValue> = {};
    for (const column of columns) {
      if (!column.total) continue;
      if (typeof column.total === 'function') {
        result[column.id] = column.total(originals);
        continue;
      }
      let sum = 0;
      let count = 0;
      for (const row of originals) {
        const value = Number(column.accessor(row));
        if (Number.isFinite(value)) {
          sum += value;
          count++;
        }
      }
      result[column.id] = column.total === 'sum' ? sum : count ? sum / count : null;
    }
    return result;
  }, [showTotals, filteredRows, columns]);

  const rowToneOf = (row: TableRow<T>): 'positive' | 'negative' | undefined => {
    if (props.rowTone) return props.rowTone(row.original);
    return profitColumn ? toneOf(row.getValue(profitColumn.id)) : undefined;
  };

  const rowClass = (row: TableRow<T>, index: number) => {
    const classes = [styles.bodyRow];
    if (row.getIsSelected()) classes.push(styles.rowTone.selected);
    else if (colorization === 'colored-rows') {
      const tone = rowToneOf(row);
      if (tone) classes.push(styles.rowTone[tone]);
    } else if (colorization === 'even-odd' && index % 2 === 1) classes.push(styles.rowTone.odd);
    return classes.join(' ');
  };

  const cellToneClass = (column: DataTableColumn<T>, value: CellValue) => {
    if (!column.profit || colorization === 'colored-rows') return undefined;
    const tone = toneOf(value);
    if (!tone) return undefined;
    return colorization === 'colored-cells' ? styles.cellTone[`${tone}Cell`] : styles.cellTone[`${tone}Text`];
  };

  const renderValue = (column: DataTableColumn<T>, value: CellValue) =>
    formatValue(value, column.kind ?? 'text', {
      locale,
      currency: column.currency,
      decimals: column.decimals,
    });

  const cellClass = (column: DataTableColumn<T> | undefined, isLast: boolean, extra?: string) =>
    [styles.cell, isNumeric(column?.kind) && styles.cellEnd, isLast && styles.lastCell, extra]
      .filter(Boolean)
      .join(' ');

  const allSelected = table.getIsAllRowsSelected();
  const someSelected = table.getIsSomeRowsSelected();
  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = someSelected && !allSelected;
  }, [someSelected, allSelected]);

  const isFiltered = search.trim() !== '' || columnFilters.length > 0;
  const bodyState: ReactNode = error ? (
    <EmptyState
      tone="danger"
      icon={<CircleExclamationPoint size={32} aria-hidden />}
      title={error}
      action={
        onRetry ? (
          <Button variant="outline" tone="neutral" onClick={onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    />
  ) : loading && rows.length === 0 ? (
    <div style={{ padding: 12, display: 'grid', gap: 12 }}>
      {['a', 'b', 'c', 'd', 'e'].map((key) => (
        <Skeleton key={key} height={rowHeight / 2} />
      ))}
    </div>
  ) : rows.length === 0 ? (
    isFiltered ? (
      <EmptyState
        icon={<SearchX size={32} aria-hidden />}
        title="Nothing matches"
        description="Try another search or filter."
      />
    ) : (
      <EmptyState title={emptyTitle} action={emptyAction} />
    )
  ) : null;

  return (
    <div className={styles.root}>
      {(searchable || toolbar || storageKey !== undefined || selectedIds.length > 0) && (
        <div className={styles.toolbar}>
          {searchable && (
            <div className={styles.toolbarSearch}>
              <TextField
                aria-label={searchPlaceholder}
                placeholder={searchPlaceholder}
                type="search"
                size="sm"
                prefix={<Search size={14} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          )}
          {selectable && selectedIds.length > 0 && (
            <div className={styles.selectionBar} role="status">
              <span>{selectedIds.length} selected</span>
              {selectionActions?.(selectedIds, clearSelection)}
              <Button size="sm" variant="ghost" tone="neutral" onClick={clearSelection}>
                Clear
              </Button>
            </div>
          )}
          <div className={styles.toolbarSpacer} />
          {toolbar}
          <ColumnSettingsMenu table={table} columns={byId} onReset={resetSettings} />
        </div>
      )}
      <div ref={scrollRef} className={styles.scroller} style={{ height }}>
        <div
          id={gridId}
          role="grid"
          aria-label={label}
          aria-rowcount={(pagination?.rowCount ?? rows.length) + headerRows + (totals ? 1 : 0)}
          aria-colcount={columnCount}
          aria-multiselectable={selectable || undefined}
          aria-busy={loading || undefined}
          className={[styles.table, verticalBorders && styles.verticalBorders].filter(Boolean).join(' ')}
          style={{ width: totalWidth }}
          onKeyDown={onGridKeyDown}
        >
          <div className={styles.thead} role="rowgroup">
            {table.getHeaderGroups().map((group) => (
              <div key={group.id} role="row" className={styles.row} aria-rowindex={1}>
                {selectable && (
                  <div
                    role="columnheader"
                    className={`${styles.cell} ${styles.headerCell} ${styles.selectCell}`}
                    style={{ width: SELECT_WIDTH, height: rowHeight }}
                    data-cell="h"
                  >
                    <input
                      ref={selectAllRef}
                      type="checkbox"
                      className={styles.checkbox}
                      aria-label="Select all rows"
                      checked={allSelected}
                      onChange={table.getToggleAllRowsSelectedHandler()}
                    />
                  </div>
                )}
                {group.headers.map((header, index) => {
                  const column = byId.get(header.column.id);
                  const sorted = header.column.getIsSorted();
                  const sortIndex = header.column.getSortIndex();
                  return (
                    <div
                      key={header.id}
                      role="columnheader"
                      className={cellClass(column, index === group.headers.length - 1, styles.headerCell)}
                      style={{ width: header.getSize(), height: rowHeight }}
                      aria-sort={
                        sortIndex === 0 && sorted
                          ? sorted === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                      data-cell="h"
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                          title="Sort (Shift+click adds a sort level)"
                        >
                          <span className={styles.cellText}>{column?.header}</span>
                          {sorted === 'asc' ? (
                            <ArrowUp size={14} aria-hidden />
                          ) : sorted === 'desc' ? (
                            <ArrowDown size={14} aria-hidden />
                          ) : (
                            <ChevronsUpDown size={14} aria-hidden style={{ opacity: 0.4 }} />
                          )}
                          {sorted && sorting.length > 1 && (
                            <span className={styles.sortIndex}>{sortIndex + 1}</span>
                          )}
                        </button>
                      ) : (
                        <span className={styles.cellText}>{column?.header}</span>
                      )}
                      <div
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={`Resize ${column?.header ?? header.column.id}`}
                        aria-valuenow={header.getSize()}
                        aria-valuemin={header.column.columnDef.minSize}
                        tabIndex={0}
                        className={styles.resizer}
                        data-resizing={header.column.getIsResizing()}
                        onMouseDown={header.getResizeHandler()}
                        onTouchStart={header.getResizeHandler()}
                        onDoubleClick={() => header.column.resetSize()}
                        onKeyDown={(event) => {
                          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                          event.preventDefault();
                          const delta = event.key === 'ArrowRight' ? 16 : -16;
                          const min = header.column.columnDef.minSize ?? 60;
                          updateSettings('sizing', (old) => ({
                            ...old,
                            [header.column.id]: Math.max(min, header.getSize() + delta),
                          }));
                        }}
                      />
                    </div>
                  );
                })}
              </div>
            ))}
            {hasFilters && (
              <div role="row" className={styles.row} aria-rowindex={2}>
                {selectable && (
                  <div
                    role="gridcell"
                    className={`${styles.cell} ${styles.filterCell}`}
                    style={{ width: SELECT_WIDTH }}
                  />
                )}
                {visibleColumns.map((column, index) => {
                  const def = byId.get(column.id);
                  return (
                    <div
                      key={column.id}
                      role="gridcell"
                      className={cellClass(undefined, index === visibleColumns.length - 1, styles.filterCell)}
                      style={{ width: column.getSize() }}
                    >
                      {column.getCanFilter() && (
                        <input
                          className={styles.filterInput}
                          aria-label={`Filter ${def?.header ?? column.id}`}
                          placeholder={isNumeric(def?.kind) ? '>0, 1..9' : 'Filter'}
                          value={(column.getFilterValue() as string | undefined) ?? ''}
                          onChange={(event) => column.setFilterValue(event.target.value)}
                        />
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
          {bodyState ? (
            <div role="rowgroup" className={styles.tbody}>
              <div role="row" className={styles.row}>
                <div
                  role="gridcell"
                  className={styles.overlayState}
                  style={{ width: scrollRef.current?.clientWidth || '100%' }}
                >
                  {bodyState}
                </div>
              </div>
            </div>
          ) : (
            <VirtualRows
              ref={virtualRows}
              className={styles.tbody}
              count={rows.length}
              rowHeight={rowHeight}
              height={height}
              scrollRef={scrollRef}
              getItemKey={getItemKey}
              renderRow={(item) => {
                const row = rows[item.index];
                if (!row) return null;
                // Values straight from the row: building TanStack Cell objects for every row that
                // scrolls past (and keeping them cached) was the main garbage while scrolling 100k rows.
                const rowIndex = item.index;
                return (
                  <div
                    key={row.id}
                    role="row"
                    className={rowClass(row, rowIndex)}
                    style={{ transform: `translateY(${item.start}px)`, height: rowHeight }}
                    aria-rowindex={rowIndex + headerRows + 1}
                    aria-selected={selectable ? row.getIsSelected() : undefined}
                    data-row-id={row.id}
                  >
                    {selectable && (
                      <div
                        role="gridcell"
                        className={`${styles.cell} ${styles.selectCell}`}
                        style={{ width: SELECT_WIDTH }}
                        data-cell={`${rowIndex}:0`}
                        tabIndex={clampedFocus.row === rowIndex && clampedFocus.col === 0 ? 0 : -1}
                        onFocus={() => setFocus({ row: rowIndex, col: 0 })}
                      >
                        <input
                          type="checkbox"
                          tabIndex={-1}
                          className={styles.checkbox}
                          aria-label={`Select row ${row.id}`}
                          checked={row.getIsSelected()}
                          // click, not change: only the click event carries Shift for range selection.
                          onClick={row.getToggleSelectedHandler()}
                          onChange={() => {}}
                        />
                      </div>
                    )}
                    {visibleColumns.map((tableColumn, index) => {
                      const column = byId.get(tableColumn.id);
                      if (!column) return null;
                      const value = row.getValue(tableColumn.id) as CellValue;
                      const col = index + (selectable ? 1 : 0);
                      return (
                        <div
                          key={tableColumn.id}
                          role="gridcell"
                          className={cellClass(
                            column,
                            index === visibleColumns.length - 1,
                            cellToneClass(column, value),
                          )}
                          style={{ width: tableColumn.getSize() }}
                          data-cell={`${rowIndex}:${col}`}
                          tabIndex={clampedFocus.row === rowIndex && clampedFocus.col === col ? 0 : -1}
                          onFocus={() => setFocus({ row: rowIndex, col })}
                        >
                          {column.cell ? (
                            column.cell(row.original, value)
                          ) : (
                            <span className={styles.cellText}>{renderValue(column, value)}</span>
                          )}
                        </div>
                      );
                    })}
                  </div>
                );
              }}
            />
          )}
          {totals && !bodyState && (
            <div className={styles.tfoot} role="rowgroup">
              <div role="row" className={styles.row} aria-rowindex={rows.length + headerRows + 1}>
                {selectable && (
                  <div
                    role="gridcell"
                    className={`${styles.cell} ${styles.totalsCell}`}
                    style={{ width: SELECT_WIDTH, height: rowHeight }}
                  />
                )}
                {visibleColumns.map((column, index) => {
                  const def = byId.get(column.id);
                  const value = totals[column.id];
                  const content =
                    def?.total !== undefined ? renderValue(def, value) : index === 0 ? totalsLabel : '';
                  return (
                    <div
                      key={column.id}
                      role="gridcell"
                      className={cellClass(def, index === visibleColumns.length - 1, styles.totalsCell)}
                      style={{ width: column.getSize(), height: rowHeight }}
                    >
                      <span className={styles.cellText}>{content}</span>
                    </div>
                  );
                })}
              </div>
            </div>
          )}
        </div>
      </div>
      {pagination && <Pager {...pagination} />}
    </div>
  );
}
