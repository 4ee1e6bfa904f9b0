import {
  copyInstancePropertiesWithoutMemos,
  type Row,
  type RowData,
  type RowModel,
  type SortFn,
  type SortingState,
  sortFn_basic,
  sortFn_text,
  type TableFeatures,
  tableMemo,
} from '@tanstack/react-table';

// A drop-in for TanStack's createSortedRowModel with the same order (stable, `sortUndefined` before
// the direction, sub-rows sorted within their parent), built for 100k rows. TanStack's comparator
// calls row.getValue() four times per comparison, each a hasOwnProperty probe on a dictionary-mode
// cache object: ~7M probes for one click on 100k rows, two thirds of the sort time. Here every
// row's sort key is read once per sort level, then the comparisons run on plain arrays.

type AnyRow = Row<TableFeatures, RowData>;
type AnyRowModel = RowModel<TableFeatures, RowData>;
type AnySortFn = SortFn<TableFeatures, RowData>;

interface SortableColumn {
  getCanSort: () => boolean;
  getSortFn: () => AnySortFn;
  accessorFn?: (original: RowData, index: number) => unknown;
  columnDef: { sortUndefined?: false | -1 | 1 | 'first' | 'last'; invertSorting?: boolean };
}

// The parts of the table this model reads; the feature registry guarantees them at runtime.
interface SortingTable {
  atoms: { sorting?: { get: () => SortingState } };
  getPreSortedRowModel: () => AnyRowModel;
  getColumn: (id: string) => SortableColumn | undefined;
}

/** What a built-in sort function (`constructSortFn`) carries: a value comparator and a normaliser. */
interface ValueSortFn {
  sort: (a: unknown, b: unknown, rowA: AnyRow, rowB: AnyRow, columnId: string) => number;
  resolveDataValue?: (value: unknown) => unknown;
}

interface Level {
  id: string;
  /** -1 for descending (or inverted), 1 otherwise. */
  direction: 1 | -1;
  sortUndefined: SortableColumn['columnDef']['sortUndefined'];
  column: SortableColumn;
  sortFn: AnySortFn;
}

const isValueSort = (fn: unknown): fn is ValueSortFn =>
  typeof (fn as Partial<ValueSortFn>).sort === 'function';

// Their value comparison is `a === b ? 0 : a > b ? 1 : -1`, which can be inlined.
const plainComparisons = new Set<unknown>([sortFn_basic, sortFn_text]);

function levelsOf(table: SortingTable, sorting: SortingState): Level[] {
  const levels: Level[] = [];
  for (const entry of sorting) {
    const column = table.getColumn(entry.id);
    if (!column?.getCanSort()) continue;
    const flip = (entry.desc ? -1 : 1) * (column.columnDef.invertSorting ? -1 : 1);
    levels.push({
      id: entry.id,
      direction: flip < 0 ? -1 : 1,
      sortUndefined: column.columnDef.sortUndefined,
      column,
      sortFn: column.getSortFn(),
    });
  }
  return levels;
}

/** Compares rows by position in `rows`, for one sort level, direction applied. */
type Compare = (a: number, b: number) => number;

function comparatorOf(level: Level, rows: AnyRow[]): Compare {
  const { id, direction, sortFn, sortUndefined } = level;
  const count = rows.length;
  // The value straight from the accessor: row.getValue() would fill every row's value cache too.
  const accessor = level.column.accessorFn;
  const raw = new Array<unknown>(count);
  for (let i = 0; i < count; i++) {
    const row = rows[i] as AnyRow;
    raw[i] = accessor ? accessor(row.original, row.index) : row.getValue(id);
  }
  let compare: Compare;
  if (isValueSort(sortFn)) {
    const resolve = sortFn.resolveDataValue;
    const keys = resolve ? raw.map(resolve) : raw;
    if (plainComparisons.has(sortFn)) {
      compare = (a, b) => {
        const x = keys[a] as number;
        const y = keys[b] as number;
        return x === y ? 0 : x > y ? direction : -direction;
      };
    } else {
      compare = (a, b) => direction * sortFn.sort(keys[a], keys[b], rows[a] as AnyRow, rows[b] as AnyRow, id);
    }
  } else {
    compare = (a, b) => direction * sortFn(rows[a] as AnyRow, rows[b] as AnyRow, id);
  }
  if (!sortUndefined || !raw.includes(undefined)) return compare;
  return (a, b) => {
    const aUndefined = raw[a] === undefined;
    const bUndefined = raw[b] === undefined;
    if (!aUndefined && !bUndefined) return compare(a, b);
    if (aUndefined && bUndefined) return 0;
    // 'first' and 'last' hold whatever the direction, as in TanStack's model.
    if (sortUndefined === 'first') return aUndefined ? -1 : 1;
    if (sortUndefined === 'last') return aUndefined ? 1 : -1;
    return direction * (aUndefined ? sortUndefined : -sortUndefined);
  };
}

function sortRows(rows: AnyRow[], levels: Level[], flat: AnyRow[]): { rows: AnyRow[]; changed: boolean } {
  const count = rows.length;
  const compares = levels.map((level) => comparatorOf(level, rows));
  const index = Int32Array.from(rows, (row) => row.index);
  const order = Array.from({ length: count }, (_, i) => i);
  const only = compares.length === 1 ? compares[0] : undefined;
  order.sort(
    only
      ? (a, b) => only(a, b) || (index[a] as number) - (index[b] as number)
      : (a, b) => {
          for (const compare of compares) {
            const result = compare(a, b);
            if (result !== 0) return result;
          }
          return (index[a] as number) - (index[b] as number);
        },
  );

  let changed = false;
  const sorted = new Array<AnyRow>(count);
  for (let i = 0; i < count; i++) {
    let row = rows[order[i] as number] as AnyRow;
    if (row !== rows[i]) changed = true;
    const flatIndex = flat.length;
    flat.push(row);
    if (row.subRows.length) {
      const sub = sortRows(row.subRows, levels, flat);
      if (sub.changed) {
        // A row whose children moved is a new row object: the unsorted model keeps the old one.
        const clone = Object.create(Object.getPrototypeOf(row)) as AnyRow;
        copyInstancePropertiesWithoutMemos(clone, row);
        clone.subRows = sub.rows;
        row = clone;
        flat[flatIndex] = clone;
        changed = true;
      }
    }
    sorted[i] = row;
  }
  return { rows: sorted, changed };
}

function sortRowModel(table: SortingTable): AnyRowModel {
  const model = table.getPreSortedRowModel();
  const sorting = table.atoms.sorting?.get();
  if (!model.rows.length || !sorting?.length) return model;
  const levels = levelsOf(table, sorting);
  if (!levels.length) return model;
  const flatRows: AnyRow[] = [];
  const { rows } = sortRows(model.rows, levels, flatRows);
  return { rows, flatRows, rowsById: model.rowsById };
}

/** Register as `sortedRowModel` in `tableFeatures`, in place of `createSortedRowModel()`. */
export function createKeyedSortedRowModel() {
  // biome-ignore lint/suspicious/noExplicitAny: the registry slot is typed `(table: any) => () => RowModel`
  return (table: any): (() => AnyRowModel) =>
    tableMemo({
      feature: 'rowSortingFeature',
      table,
      fnName: 'table.getSortedRowModel',
      memoDeps: () => [
        (table as SortingTable).atoms.sorting?.get(),
        (table as SortingTable).getPreSortedRowModel(),
      ],
      fn: () => sortRowModel(table as SortingTable),
    });
}
