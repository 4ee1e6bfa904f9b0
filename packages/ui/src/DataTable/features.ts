import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createExpandedRowModel,
  createFilteredRowModel,
  type FilterFn,
  filterFn_includesString,
  globalFilteringFeature,
  type Row,
  type RowData,
  rowExpandingFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import { matchesNumberFilter, type NumberFilter, parseNumberFilter } from './cells/format.ts';
import { createKeyedSortedRowModel } from './rows/keyedSortedRowModel.ts';

// Explicit v9 feature registry: only what DataTable uses is bundled. Module scope keeps it stable,
// which TanStack Table needs to avoid rebuilding its models every render.
export const features = tableFeatures({
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowSortingFeature,
  sortedRowModel: createKeyedSortedRowModel(),
  sortFns: { text: sortFn_text, basic: sortFn_basic },
  rowSelectionFeature,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnResizingFeature,
});
export type Features = typeof features;

/** Numeric column filter: the typed text (`>10`, `1..5`) is parsed once per change, not per row. */
export const numberFilterFn: FilterFn<Features, RowData> = Object.assign(
  (row: Row<Features, RowData>, columnId: string, filter: NumberFilter | undefined) =>
    filter === undefined || matchesNumberFilter(row.getValue(columnId), filter),
  {
    resolveFilterValue: (value: unknown) =>
      typeof value === 'string' ? parseNumberFilter(value) : undefined,
    autoRemove: (value: unknown) => typeof value !== 'string' || value.trim() === '',
  },
);
