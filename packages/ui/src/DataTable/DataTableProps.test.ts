import { describe, expect, it } from 'vitest';
import type { DataTableProps } from './types.ts';

// Every key of DataTableProps, checked by the compiler both ways: a new prop fails `npm run check` until it
// is listed here, and then the count below tells whether it belongs in one of the grouped parts instead.
const propNames: Record<keyof DataTableProps<object>, true> = {
  label: true,
  data: true,
  columns: true,
  getRowId: true,
  storageKey: true,
  appearance: true,
  selection: true,
  search: true,
  sorting: true,
  filtering: true,
  paging: true,
  tree: true,
  totals: true,
  status: true,
  onRowActivate: true,
  toolbar: true,
};

/** Past this a caller can no longer see at a glance what a table does; a new concern becomes a part. */
const MAX_PROPS = 19;

describe('DataTable props', () => {
  it(`stay at most ${MAX_PROPS}, each concern being one grouped part`, () => {
    expect(Object.keys(propNames).length).toBeLessThanOrEqual(MAX_PROPS);
  });
});
