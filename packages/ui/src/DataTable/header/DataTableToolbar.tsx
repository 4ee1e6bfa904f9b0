import type { ReactTable, RowData } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../Button/Button.tsx';
import { TextField } from '../../TextField/TextField.tsx';
import { ColumnSettingsMenu } from '../columns/ColumnSettingsMenu.tsx';
import * as styles from '../DataTable.css.ts';
import type { Features } from '../features.ts';
import type { DataTableColumn } from '../types.ts';

export interface DataTableToolbarProps<T extends RowData> {
  table: ReactTable<Features, T>;
  columns: ReadonlyMap<string, DataTableColumn<T>>;
  /** Shows the search box. */
  searchable: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  searchPlaceholder: string;
  selectable: boolean;
  selectedIds: string[];
  clearSelection: () => void;
  selectionActions?: (selectedIds: string[], clear: () => void) => ReactNode;
  toolbar?: ReactNode;
  /** Off: no Columns menu. */
  columnSettings: boolean;
  onResetColumns: () => void;
}

/** Above the grid: search, the selection bar with its mass actions, the caller's tools, columns. */
export function DataTableToolbar<T extends RowData>({
  table,
  columns,
  searchable,
  search,
  onSearchChange,
  searchPlaceholder,
  selectable,
  selectedIds,
  clearSelection,
  selectionActions,
  toolbar,
  columnSettings,
  onResetColumns,
}: DataTableToolbarProps<T>) {
  return (
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
            onChange={(event) => onSearchChange(event.target.value)}
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
      {columnSettings && <ColumnSettingsMenu table={table} columns={columns} onReset={onResetColumns} />}
    </div>
  );
}
