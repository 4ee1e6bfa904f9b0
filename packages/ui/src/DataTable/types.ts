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
  /**
   * The heading the column settings list the column under ("Settings", "Metrics"); columns of one group
   * move among each other there. Without any group the settings are one plain list.
   */
  group?: string;
}

/** How the grid is drawn. */
export interface DataTableAppearance<T> {
  colorization?: ColorizationMode;
  verticalBorders?: boolean;
  /** Row tone for `colored-rows`; by default the sign of the first `profit` column. */
  rowTone?: (row: T) => 'positive' | 'negative' | undefined;
  /**
   * Row height in px; rows are virtualised, so all rows share it. By default the scheme's table row
   * token at the user's size, and the header rows follow the scheme's header token.
   */
  rowHeight?: number;
  /**
   * Height of the scrolling area in px; `fill`: as tall as the rows need, at most what the window
   * has left below the table's top once whatever follows the table on the page fits too; `{ upTo }`: as
   * tall as the rows need, at most that many px (a short list in a dialog).
   */
  height?: number | 'fill' | { upTo: number };
  locale?: string;
  /**
   * Whether the toolbar offers the Columns menu (default true): off where the columns shown are not the
   * user's to choose there (a phone's few columns, picked elsewhere).
   */
  columnSettings?: boolean;
}

/** A checkbox column: click, Shift+click for ranges, Space on a row, and select-all. */
export interface DataTableSelection {
  selectedIds?: readonly string[];
  onSelectedIdsChange?: (ids: string[]) => void;
  /** Mass actions shown while rows are selected. */
  actions?: (selectedIds: string[], clear: () => void) => ReactNode;
}

/** A search box over all columns. */
export interface DataTableSearch {
  value?: string;
  onChange?: (search: string) => void;
  placeholder?: string;
}

export interface DataTableSorting {
  state?: SortingState;
  onChange?: (sorting: SortingState) => void;
  /** Server-side: the data arrives already sorted; the table only reports the state. */
  manual?: boolean;
}

export interface DataTableFiltering {
  columnFilters?: ColumnFiltersState;
  onChange?: (filters: ColumnFiltersState) => void;
  /** Server-side: the data arrives already filtered; the table only reports the state. */
  manual?: boolean;
}

/** Server-side paging, `data` being the rows shown: counted pages, or a cursor (`{ rows, nextCursor }`). */
export type DataTablePaging =
  | { pages: PaginationProps; cursor?: undefined }
  | { cursor: CursorPaginationProps; pages?: undefined };

/**
 * Nested rows (a report tree such as Campaign > Offer > Country). The first column gets an expander and
 * an indent per level; `getRowId` must be unique across all levels.
 */
export interface DataTableTree<T> {
  getSubRows: (row: T) => readonly T[] | undefined;
  /** Which rows are open, by row id (`true`: all). */
  expanded?: ExpandedState;
  onExpandedChange?: (expanded: ExpandedState) => void;
}

export interface DataTableTotals {
  /** Default "Total". */
  label?: string;
}

/** What the body shows instead of rows. */
export interface DataTableStatus {
  loading?: boolean;
  /** An error replaces the rows (e.g. a <ServerMessage>). */
  error?: ReactNode;
  onRetry?: () => void;
  emptyTitle?: ReactNode;
  emptyAction?: ReactNode;
}

/**
 * Each concern of the grid is one optional part, present when the table has it (a `selection` adds the
 * checkbox column, a `search` the search box), so a caller reads as a list of what its table does and
 * the props stay few enough to take in at a glance.
 */
export interface DataTableProps<T extends RowData> {
  /** Accessible name of the grid. */
  label: string;
  data: readonly T[];
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** Column visibility, order and widths are saved in localStorage under this key. */
  storageKey?: string;
  appearance?: DataTableAppearance<T>;
  selection?: DataTableSelection;
  search?: DataTableSearch;
  sorting?: DataTableSorting;
  filtering?: DataTableFiltering;
  paging?: DataTablePaging;
  tree?: DataTableTree<T>;
  /** A totals row; `true` for the default label. */
  totals?: boolean | DataTableTotals;
  status?: DataTableStatus;
  /** Enter on a focused row (e.g. open the edit form). */
  onRowActivate?: (row: T) => void;
  /** Extra toolbar content (Create button, date range ...). */
  toolbar?: ReactNode;
}

export type TableRow<T extends RowData> = Row<Features, T>;

export const isNumeric = (kind: ColumnKind | undefined) => kind !== undefined && kind !== 'text';
export const DEFAULT_WIDTH = 150;
export const SELECT_WIDTH = 40;
