import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../DataTable.tsx';
import type { DataTableColumn } from '../types.ts';

interface Offer {
  id: number;
  name: string;
  payout: number;
}
const offers: Offer[] = [
  { id: 1, name: 'Keto', payout: 12 },
  { id: 2, name: 'Dating', payout: 4 },
];
const columns: DataTableColumn<Offer>[] = [
  { id: 'name', header: 'Offer', accessor: (o) => o.name, width: 200 },
  { id: 'payout', header: 'Payout', accessor: (o) => o.payout, kind: 'money', sortable: false },
];

describe('DataTable header', () => {
  it('widens the header and every body cell of a column resized from the keyboard', async () => {
    render(<DataTable label="Offers" data={offers} columns={columns} getRowId={(o) => String(o.id)} />);
    screen.getByRole('separator', { name: 'Resize Offer' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('columnheader', { name: /Offer/ }).style.width).toBe('248px');
    const bodyCells = Array.from(document.querySelectorAll<HTMLElement>('[data-cell$=":0"]'));
    expect(bodyCells).toHaveLength(2);
    for (const cell of bodyCells) expect(cell.style.width).toBe('248px');
  });

  it('offers no sort button on a column that does not sort', () => {
    render(<DataTable label="Offers" data={offers} columns={columns} getRowId={(o) => String(o.id)} />);
    expect(screen.getByRole('button', { name: /^Offer/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Payout/ })).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Payout/ })).toHaveTextContent('Payout');
  });
});
