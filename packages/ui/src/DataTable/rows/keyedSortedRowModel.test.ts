import {
  type ColumnDef,
  createExpandedRowModel,
  createSortedRowModel,
  rowExpandingFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createKeyedSortedRowModel } from './keyedSortedRowModel.ts';

interface Item {
  id: string;
  name: string | undefined;
  score: number | undefined;
  children?: Item[];
}

const sortFns = { text: sortFn_text, basic: sortFn_basic };
const tanstack = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
});
const keyed = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createKeyedSortedRowModel(),
  sortFns,
  rowExpandingFeature,
  expandedRowModel: createExpandedRowModel(),
});

// Deterministic pseudo-random rows with ties, mixed case and missing values in both columns.
function items(count: number, depth: number, prefix = ''): Item[] {
  return Array.from({ length: count }, (_, i) => {
    const n = (i * 7919 + prefix.length * 31) % 13;
    return {
      id: `${prefix}${i}`,
      name: n === 3 ? undefined : ['beta', 'Alpha', 'alpha', 'Gamma', 'delta'][n % 5],
      score: n === 5 ? undefined : n % 4,
      children: depth > 0 ? items(4, depth - 1, `${prefix}${i}.`) : undefined,
    };
  });
}

function order(features: typeof tanstack | typeof keyed, data: Item[], sorting: SortingState) {
  const columns = [
    { id: 'name', accessorFn: (row: Item) => row.name, sortFn: 'text', sortUndefined: 'last' },
    { id: 'score', accessorFn: (row: Item) => row.score, sortFn: 'basic', sortUndefined: 1 },
  ] as ColumnDef<typeof features, Item>[];
  const { result } = renderHook(() =>
    useTable({
      features,
      columns,
      data,
      getRowId: (row: Item) => row.id,
      getSubRows: (row: Item) => row.children,
      state: { sorting, expanded: true },
    }),
  );
  return result.current.getRowModel().rows.map((row) => row.id);
}

describe('createKeyedSortedRowModel', () => {
  const data = items(40, 2);
  const cases: SortingState[] = [
    [{ id: 'name', desc: false }],
    [{ id: 'name', desc: true }],
    [{ id: 'score', desc: false }],
    [{ id: 'score', desc: true }],
    [
      { id: 'score', desc: true },
      { id: 'name', desc: false },
    ],
    [
      { id: 'name', desc: true },
      { id: 'score', desc: false },
    ],
  ];

  it.each(cases.map((sorting) => [JSON.stringify(sorting), sorting] as const))(
    'orders rows, children within their parent, as TanStack does: %s',
    (_, sorting) => {
      const expected = order(tanstack, data, sorting);
      expect(expected.length).toBe(40 + 160 + 640);
      expect(order(keyed, data, sorting)).toEqual(expected);
    },
  );

  it('puts missing names last in both directions and keeps the data order of ties', () => {
    const flat: Item[] = [
      { id: 'a', name: 'beta', score: 1 },
      { id: 'b', name: undefined, score: 2 },
      { id: 'c', name: 'Alpha', score: 3 },
      { id: 'd', name: 'alpha', score: 4 },
    ];
    expect(order(keyed, flat, [{ id: 'name', desc: false }])).toEqual(['c', 'd', 'a', 'b']);
    expect(order(keyed, flat, [{ id: 'name', desc: true }])).toEqual(['a', 'c', 'd', 'b']);
  });
});
