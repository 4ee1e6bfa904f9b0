import type { DataTableColumn } from '@cairn/ui';
import { describe, expect, it } from 'vitest';
import { KEY_METRICS_MAX, NARROW_TABLE_WIDTH, narrowColumns } from './keyMetrics.ts';

// A phone's row: the name, then the key metrics in the user's order, all within the phone's width.

type Row = Record<string, number>;
const column = (id: string, extra: Partial<DataTableColumn<Row>> = {}): DataTableColumn<Row> => ({
  id,
  header: id,
  accessor: (row) => row[id],
  width: 130,
  ...extra,
});
const desk = [
  column('id'),
  column('name', { width: 240, pinned: true }),
  column('clicks'),
  column('cost'),
  column('profit', { hidden: true }),
  column('roi'),
  column('status'),
];
const widthOf = (columns: DataTableColumn<Row>[]) => columns.reduce((sum, one) => sum + (one.width ?? 0), 0);

describe('a phone table', () => {
  it('shows the name and the key metrics in the given order, shown even where the desk hides them', () => {
    const shown = narrowColumns(desk, 'name', ['roi', 'profit']);
    expect(shown.map((one) => one.id)).toEqual(['name', 'roi', 'profit']);
    expect(shown.every((one) => !one.hidden)).toBe(true);
    expect(widthOf(shown)).toBeLessThanOrEqual(NARROW_TABLE_WIDTH);
  });

  it('fits any number of key metrics in the width, at most a few of them', () => {
    for (const picked of [
      [],
      ['clicks'],
      ['clicks', 'cost', 'profit'],
      ['clicks', 'cost', 'profit', 'roi'],
    ]) {
      const shown = narrowColumns(desk, 'name', picked);
      expect(shown[0]?.id).toBe('name');
      expect(shown).toHaveLength(1 + Math.min(picked.length, KEY_METRICS_MAX));
      expect(widthOf(shown)).toBeLessThanOrEqual(NARROW_TABLE_WIDTH);
    }
  });

  it('leaves out a key metric the table has no column for', () => {
    expect(narrowColumns(desk, 'name', ['epc', 'profit']).map((one) => one.id)).toEqual(['name', 'profit']);
  });
});
