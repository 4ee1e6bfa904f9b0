import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../DataTable.tsx';
import type { DataTableColumn } from '../types.ts';

interface Item {
  id: number;
  name: string;
}
const items: Item[] = Array.from({ length: 1000 }, (_, i) => ({ id: i, name: `Item ${i}` }));
const columns: DataTableColumn<Item>[] = [{ id: 'name', header: 'Name', accessor: (item) => item.name }];

const scroller = () => screen.getByRole('grid').parentElement as HTMLElement;
const shown = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.hasAttribute('data-row-id'))
    .map((row) => row.dataset.rowId);

// jsdom does no layout, so its scrollTop stays 0: the scroller keeps the position it is given.
function scrollTo(top: number) {
  const element = scroller();
  let position = top;
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => position,
    set: (value: number) => {
      position = value;
    },
  });
  act(() => {
    fireEvent.scroll(element);
  });
}

const renderItems = () =>
  render(
    <DataTable
      label="Items"
      data={items}
      columns={columns}
      getRowId={(i) => String(i.id)}
      appearance={{ height: 400 }}
    />,
  );

describe('DataTable body while scrolling', () => {
  it('shows the rows of the new position, each once, in order', () => {
    renderItems();
    expect(shown()[0]).toBe('0');
    scrollTo(36 * 500);
    const ids = shown().map(Number);
    expect(ids).toContain(500);
    expect(ids).not.toContain(0);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(
      Array.from({ length: ids.length }, (_, k) => (ids[0] as number) + k).sort((a, b) => a - b),
    );
    const row500 = screen.getAllByRole('row').find((row) => row.dataset.rowId === '500') as HTMLElement;
    expect(row500).toHaveTextContent('Item 500');
    expect(row500).toHaveAttribute('aria-rowindex', String(500 + 2));
  });

  it('lets go of the focus when the focused row scrolls away, rather than leave it on another row', () => {
    renderItems();
    const first = document.querySelector<HTMLElement>('[data-cell="0:0"]') as HTMLElement;
    first.focus();
    expect(document.activeElement).toBe(first);
    scrollTo(36 * 500);
    expect(document.activeElement?.closest('[role="grid"]')).toBeNull();
    // Coming back, the roving cell is still the one the user left.
    scrollTo(0);
    expect(document.querySelector('[data-cell="0:0"]')).toHaveAttribute('tabindex', '0');
  });
});
