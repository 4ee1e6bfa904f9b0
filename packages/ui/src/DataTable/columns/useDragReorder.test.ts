import { describe, expect, it } from 'vitest';
import { reordered } from './useDragReorder.ts';

describe('reordered', () => {
  const order = ['clicks', 'cost', 'profit', 'roi'] as const;

  it('puts the item at the index it is dropped on, forwards and back', () => {
    expect(reordered(order, 'clicks', 2)).toEqual(['cost', 'profit', 'clicks', 'roi']);
    expect(reordered(order, 'roi', 0)).toEqual(['roi', 'clicks', 'cost', 'profit']);
  });

  it('hands back the same list when nothing moves, so no change is saved', () => {
    expect(reordered(order, 'cost', 1)).toBe(order);
    expect(reordered(order, 'cost', 4)).toBe(order);
    expect(reordered(order, 'cost', -1)).toBe(order);
    expect(reordered(order, 'ctr' as never, 0)).toBe(order);
  });
});
