import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from '../DataTable.tsx';
import type { DataTableColumn } from '../types.ts';
import { CursorPager } from './CursorPager.tsx';

interface Click {
  id: string;
}
const columns: DataTableColumn<Click>[] = [{ id: 'id', header: 'Click', accessor: (c) => c.id }];

describe('CursorPager', () => {
  it('loads more with the cursor the server gave, and says when all rows are in', async () => {
    const onNext = vi.fn();
    const { rerender } = render(
      <DataTable
        label="Clicks"
        data={[{ id: 'a' }, { id: 'b' }]}
        columns={columns}
        getRowId={(c) => c.id}
        paging={{ cursor: { nextCursor: 'after-b', onNext } }}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'More rows' })).toHaveTextContent('2 rows loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onNext).toHaveBeenCalledWith('after-b');

    rerender(
      <DataTable
        label="Clicks"
        data={[{ id: 'a' }, { id: 'b' }, { id: 'c' }]}
        columns={columns}
        getRowId={(c) => c.id}
        paging={{ cursor: { nextCursor: null, onNext } }}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'More rows' })).toHaveTextContent('All 3 rows');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('does not ask twice while the next rows are loading', async () => {
    const onNext = vi.fn();
    render(<CursorPager nextCursor="x" onNext={onNext} loading />);
    await userEvent.click(screen.getByRole('button', { name: /Load more/ }));
    expect(onNext).not.toHaveBeenCalled();
  });

  it('pages with Previous and Next, Previous off on the first page and Next off on the last', async () => {
    const onNext = vi.fn();
    const onPrevious = vi.fn();
    const { rerender } = render(<CursorPager mode="pages" nextCursor="p2" onNext={onNext} />);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onNext).toHaveBeenCalledWith('p2');

    rerender(
      <CursorPager mode="pages" nextCursor={null} pageIndex={1} onNext={onNext} onPrevious={onPrevious} />,
    );
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPrevious).toHaveBeenCalled();
  });
});
