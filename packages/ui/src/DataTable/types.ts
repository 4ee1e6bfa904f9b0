import type { ColumnFiltersState, ExpandedState, Row, RowData, SortingState } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ColorizationMode, ColumnKind } from './cells/format.ts';
import type { Features } from './features.ts';
import type { CursorPaginationProps } from './paging/CursorPager.tsx';
import type { PaginationProps } from './paging/Pager.tsx';

// The public shapes of DataTable, apart from the component, so that its parts (header, rows, column
// settings) can name them without importing the component itself.

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
  /**
   * The cell's whole text, shown on hover and focus when the cell is cut short; by default the formatted
   * value, or for a custom cell the text it renders. For cells whose text includes a control's label.
   */
  text?: (row: T, value: CellValue) => string;
  /** Width in px (default 150); users can resize, and the width is saved. */
  width?: number;
  minWidth?: number;
  sortable?: boolean;
  /** Shows a filter box under the header: "contains" for text, `>10`, `<=5`, `10..20` for numbers. */
  filterable?: boolean;
  /** Whether users may hide the column (default true). */
  hideable?: boolean;
  /** Hidden until the user shows it in the column settings (a column few lists need at first sight). */
  hidden?: boolean;
  /**
   * Stays in view while the table scrolls sideways, after the selection column (which stays too): the
   * column that names the row.
   */
  pinned?: boolean;
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
  /**
   * Height of the scrolling area in px, or `fill`: as tall as the rows need, at most what the window
   * has left below the table's top once whatever follows the table on the page fits too.
   */
  height?: number | 'fill';
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
  /** Server-side paging by cursor (`{ rows, nextCursor }`): "Load more" or Previous / Next. */
  cursorPagination?: CursorPaginationProps;

  /**
   * Nested rows (a report tree such as Campaign > Offer > Country): the children of a row. The first
   * column gets an expander and an indent per level; `getRowId` must be unique across all levels.
   */
  getSubRows?: (row: T) => readonly T[] | undefined;
  /** Which rows are open, by row id (`true`: all). */
  expanded?: ExpandedState;
  onExpandedChange?: (expanded: ExpandedState) => void;

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

export type TableRow<T extends RowData> = Row<Features, T>;

export const isNumeric = (kind: ColumnKind | undefined) => kind !== undefined && kind !== 'text';
export const DEFAULT_WIDTH = 150;
export const SELECT_WIDTH = 40;
