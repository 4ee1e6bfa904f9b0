// biome-ignore-all lint/a11y/useSemanticElements: a virtualised ARIA grid is made of divs, since table layout cannot position rows absolutely
// biome-ignore-all lint/a11y/useFocusableInteractive: ARIA grid roving tabindex: only the active cell is focusable, rows never are
import type { RowData } from '@tanstack/react-table';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { CircleExclamationPoint, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useId, useMemo, useRef } from 'react';
import { Button } from '../Button/Button.tsx';
import { EmptyState } from '../EmptyState/EmptyState.tsx';
import { Skeleton } from '../Skeleton/Skeleton.tsx';
import { type ColumnView, cellClass } from './cells/cells.ts';
import { CellTipView, useCellTips } from './cells/cellTips.tsx';
import { toneOf } from './cells/format.ts';
import { pinningOf } from './columns/pinning.ts';
import * as styles from './DataTable.css.ts';
import { useFillHeight } from './grid/useFillHeight.ts';
import { useGridKeyboard } from './grid/useGridKeyboard.ts';
import { useScrollEdges } from './grid/useScrollEdges.ts';
import { useTokenHeight } from './grid/useTokenHeight.ts';
import { DataTableHeader } from './header/DataTableHeader.tsx';
import { DataTableToolbar } from './header/DataTableToolbar.tsx';
import { CursorPager } from './paging/CursorPager.tsx';
import { Pager } from './paging/Pager.tsx';
import { BodyRow } from './rows/BodyRow.tsx';
import { TotalsRow } from './rows/TotalsRow.tsx';
import { computeTotals } from './rows/totals.ts';
import { VirtualRows, type VirtualRowsHandle } from './rows/VirtualRows.tsx';
import { type DataTableProps, SELECT_WIDTH, type TableRow } from './types.ts';
import { useDataTableModel } from './useDataTableModel.ts';

export type {
  CellValue,
  DataTableAppearance,
  DataTableColumn,
  DataTableFiltering,
  DataTablePaging,
  DataTableProps,
  DataTableSearch,
  DataTableSelection,
  DataTableSorting,
  DataTableStatus,
  DataTableTotals,
  DataTableTree,
} from './types.ts';

// Until the token probes are measured, and where nothing is laid out: the default scheme's sizes.
const DEFAULT_ROW_HEIGHT = 36;
const DEFAULT_HEADER_HEIGHT = 40;
/** Room for the empty, loading and error states, px. */
const STATE_HEIGHT = 220;
/** A table filling a short window still shows this many rows. */
const FILL_MIN_ROWS = 5;

/**
 * The panel's data grid: TanStack Table for the model, TanStack Virtual for rendering only the rows
 * in view (100k rows stay smooth), sticky header and totals, an ARIA grid keyboard model, nested
 * rows (an ARIA treegrid then) and page or cursor paging for server-side lists.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { label, data, columns, storageKey, selection, search: searchBox, paging, status = {} } = props;
  const {
    colorization = 'colored-rows',
    verticalBorders = false,
    rowHeight: rowHeightProp,
    height: heightProp = 480,
    locale,
    rowTone,
    columnSettings = true,
  } = props.appearance ?? {};
  const { loading = false, error, onRetry, emptyTitle = 'Nothing here yet', emptyAction } = status;
  const { onRowActivate, toolbar } = props;
  const selectable = selection !== undefined;
  const showTotals = Boolean(props.totals);
  const totalsLabel = (typeof props.totals === 'object' ? props.totals.label : undefined) ?? 'Total';
  const gridId = useId();
  const nested = props.tree !== undefined;
  const rowProbeRef = useRef<HTMLDivElement>(null);
  const headerProbeRef = useRef<HTMLDivElement>(null);
  const scaleProbeRef = useRef<HTMLDivElement>(null);
  // The scheme's row and header heights at the user's size, unless the caller fixes the row height;
  // column widths are given at no size delta and grow with the rest, so numbers still fit at +10.
  const tokenRowHeight = useTokenHeight(rowProbeRef, DEFAULT_ROW_HEIGHT);
  const tokenHeaderHeight = useTokenHeight(headerProbeRef, DEFAULT_HEADER_HEIGHT);
  const sizeScale = useTokenHeight(scaleProbeRef, styles.SCALE_PROBE_PX) / styles.SCALE_PROBE_PX;
  const rowHeight = rowHeightProp ?? tokenRowHeight;
  const headerHeight = rowHeightProp ?? tokenHeaderHeight;
  const model = useDataTableModel(props, sizeScale);
  const { table, sorting, columnFilters, search, rowSelection } = model;

  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const profitColumn = useMemo(() => columns.find((column) => column.profit), [columns]);

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const sizing = model.columnSizing;
  const pinning = useMemo(() => {
    void sizing;
    return pinningOf(
      visibleColumns.map((column) => ({
        id: column.id,
        width: column.getSize(),
        pinned: byId.get(column.id)?.pinned ?? false,
      })),
      selectable,
    );
  }, [visibleColumns, byId, selectable, sizing]);
  // Worked out once per change of columns, not per cell: memoised rows compare it by identity.
  const columnViews = useMemo<ColumnView<T>[]>(() => {
    // column.getSize() reads the sizing state: a resize must give new views.
    void sizing;
    const views: ColumnView<T>[] = [];
    visibleColumns.forEach((column, index) => {
      const def = byId.get(column.id);
      if (!def) return;
      const pinnedLeft = pinning.left.get(column.id);
      views.push({
        id: column.id,
        def,
        width: column.getSize(),
        className: cellClass(
          def,
          index === visibleColumns.length - 1,
          pinnedLeft === undefined ? undefined : styles.pinned,
        ),
        col: index + (selectable ? 1 : 0),
        ...(pinnedLeft === undefined ? {} : { pinnedLeft }),
      });
    });
    return views;
  }, [visibleColumns, byId, selectable, sizing, pinning]);
  const totalWidth = visibleColumns.reduce(
    (sum, column) => sum + column.getSize(),
    selectable ? SELECT_WIDTH : 0,
  );
  const columnCount = visibleColumns.length + (selectable ? 1 : 0);
  const hasFilters = visibleColumns.some((column) => column.getCanFilter());
  const headerRows = 1 + (hasFilters ? 1 : 0);

  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  useScrollEdges(frameRef, scrollRef);
  // A table that fills the page is as tall as its rows, or its empty state, need; then it scrolls.
  const bodyHeight = rows.length > 0 && !error ? rows.length * rowHeight : STATE_HEIGHT;
  const contentHeight =
    headerHeight * headerRows + (showTotals && rows.length > 0 ? rowHeight : 0) + bodyHeight;
  const fillHeight = useFillHeight(
    heightProp === 'fill',
    scrollRef,
    contentHeight,
    Math.min(headerHeight * headerRows + rowHeight * FILL_MIN_ROWS, STATE_HEIGHT + headerHeight * headerRows),
  );
  const height =
    heightProp === 'fill'
      ? fillHeight
      : typeof heightProp === 'object'
        ? Math.min(heightProp.upTo, contentHeight)
        : heightProp;
  // The virtualiser lives in <VirtualRows>, so scrolling re-renders only the rows, not the
  // toolbar and header; keyboard navigation reaches it through this handle.
  const virtualRows = useRef<VirtualRowsHandle>(null);
  // Stable across sorts and filters: a new getItemKey makes the virtualiser lay out all rows again
  // (~30 ms at 100k), and with one fixed row height the layout does not depend on the keys.
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const getItemKey = useCallback((index: number) => rowsRef.current[index]?.id ?? index, []);
  const scrollToRow = useCallback((index: number) => virtualRows.current?.scrollToIndex(index), []);

  const pageRows = Math.max(1, Math.floor((height - headerHeight * headerRows) / rowHeight) - 1);
  const keyboard = useGridKeyboard({
    rows,
    columnCount,
    pageRows,
    selectable,
    treeCol: nested ? (selectable ? 1 : 0) : -1,
    onRowActivate,
    scrollRef,
    scrollToRow,
  });

  const selectedIds = useMemo(
    () => Object.keys(rowSelection).filter((id) => rowSelection[id]),
    [rowSelection],
  );
  const { setRowSelection } = model;
  const clearSelection = useCallback(() => setRowSelection({}), [setRowSelection]);

  const filteredRows = table.getFilteredRowModel().rows;
  const totals = useMemo(
    () =>
      showTotals
        ? computeTotals(
            columns,
            filteredRows.map((row) => row.original),
          )
        : undefined,
    [showTotals, filteredRows, columns],
  );

  const rowClass = (row: TableRow<T>, index: number) => {
    if (row.getIsSelected()) return `${styles.bodyRow} ${styles.rowTone.selected}`;
    if (colorization === 'colored-rows') {
      const tone = rowTone
        ? rowTone(row.original)
        : profitColumn
          ? toneOf(row.getValue(profitColumn.id))
          : undefined;
      if (tone) return `${styles.bodyRow} ${styles.rowTone[tone]}`;
    } else if (colorization === 'even-odd' && index % 2 === 1) {
      return `${styles.bodyRow} ${styles.rowTone.odd}`;
    }
    return styles.bodyRow;
  };

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

  const tips = useCellTips({ rootRef, rows, columns: columnViews, locale });
  const focus = keyboard.focus;
  return (
    <div ref={rootRef} className={styles.root}>
      <div ref={rowProbeRef} className={styles.rowProbe} aria-hidden="true" />
      <div ref={headerProbeRef} className={styles.headerProbe} aria-hidden="true" />
      <div ref={scaleProbeRef} className={styles.scaleProbe} aria-hidden="true" />
      {(searchBox || toolbar || storageKey !== undefined || selectedIds.length > 0) && (
        <DataTableToolbar
          table={table}
          columns={byId}
          searchable={searchBox !== undefined}
          search={search}
          onSearchChange={model.setSearch}
          searchPlaceholder={searchBox?.placeholder ?? 'Search'}
          selectable={selectable}
          selectedIds={selectedIds}
          clearSelection={clearSelection}
          selectionActions={selection?.actions}
          toolbar={toolbar}
          columnSettings={columnSettings}
          onResetColumns={model.resetSettings}
        />
      )}
      <div
        ref={frameRef}
        className={styles.frame}
        style={assignInlineVars({ [styles.pinnedWidth]: `${pinning.width}px` })}
      >
        <div className={styles.edgeStart} aria-hidden="true" />
        <div className={styles.edgeEnd} aria-hidden="true" />
        <div ref={scrollRef} className={styles.scroller} style={{ height }} onScroll={tips.hide}>
          {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useAriaPropsSupportedByRole: the role is grid or treegrid, which the linter cannot read from an expression */}
          <div
            id={gridId}
            role={nested ? 'treegrid' : 'grid'}
            aria-label={label}
            aria-rowcount={(paging?.pages?.rowCount ?? rows.length) + headerRows + (totals ? 1 : 0)}
            aria-colcount={columnCount}
            aria-multiselectable={selectable || undefined}
            aria-busy={loading || undefined}
            className={[styles.table, verticalBorders && styles.verticalBorders].filter(Boolean).join(' ')}
            style={{ width: totalWidth }}
            onKeyDown={keyboard.onKeyDown}
            onPointerOver={tips.onPointerOver}
            onFocus={tips.onFocus}
            onBlur={tips.onBlur}
          >
            <DataTableHeader
              table={table}
              columns={byId}
              selectable={selectable}
              pinnedLeft={pinning.left}
              rowHeight={headerHeight}
              sortLevels={sorting.length}
              allSelected={table.getIsAllRowsSelected()}
              someSelected={table.getIsSomeRowsSelected()}
              onToggleAll={(checked) => table.toggleAllRowsSelected(checked)}
              onResize={(id, width) => model.updateSettings('sizing', (old) => ({ ...old, [id]: width }))}
            />
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
                renderRow={(item, slot) => {
                  const row = rows[item.index];
                  if (!row) return null;
                  return (
                    <BodyRow<T>
                      key={slot}
                      row={row}
                      rowIndex={item.index}
                      start={item.start}
                      height={rowHeight}
                      ariaRowIndex={item.index + headerRows + 1}
                      className={rowClass(row, item.index)}
                      selectable={selectable}
                      selected={row.getIsSelected()}
                      columns={columnViews}
                      focusCol={focus.row === item.index ? focus.col : -1}
                      onCellFocus={keyboard.setFocus}
                      colorization={colorization}
                      locale={locale}
                      nested={nested}
                      canExpand={nested && row.getCanExpand()}
                      expanded={nested && row.getIsExpanded()}
                    />
                  );
                }}
              />
            )}
            {totals && !bodyState && (
              <TotalsRow
                columns={visibleColumns.map((column) => ({
                  id: column.id,
                  width: column.getSize(),
                  def: byId.get(column.id),
                  pinnedLeft: pinning.left.get(column.id),
                }))}
                totals={totals}
                label={totalsLabel}
                selectable={selectable}
                rowHeight={rowHeight}
                ariaRowIndex={rows.length + headerRows + 1}
                locale={locale}
              />
            )}
          </div>
        </div>
      </div>
      <CellTipView tip={tips.tip} />
      {paging?.pages && <Pager {...paging.pages} />}
      {paging?.cursor && <CursorPager loadedCount={data.length} {...paging.cursor} />}
    </div>
  );
}
