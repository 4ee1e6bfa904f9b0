import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RowsEditor } from './RowsEditor.tsx';

type Row = { name: string; note: string };

function Harness({ seen, max = 3 }: { seen: Row[][]; max?: number }) {
  const [rows, setRows] = useState<Row[]>([{ name: 'a', note: 'kept' }]);
  return (
    <RowsEditor<Row>
      rows={rows}
      onChange={(next) => {
        seen.push(next);
        setRows(next);
      }}
      disabled={false}
      rowClassName="row"
      renderRow={(row, index, set) => (
        <input
          aria-label={`Name ${index + 1}`}
          value={row.name}
          onChange={(event) => set({ name: event.target.value })}
        />
      )}
      removeLabel={(index) => `Remove row ${index + 1}`}
      newRow={() => ({ name: '', note: 'new' })}
      addLabel={rows.length >= max ? 'Full' : 'Add row'}
      addDisabled={rows.length >= max}
    />
  );
}

describe('RowsEditor', () => {
  it('adds, changes (keeping the other fields) and removes rows, and stops adding when told', async () => {
    const seen: Row[][] = [];
    const user = userEvent.setup();
    render(<Harness seen={seen} />);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(seen.at(-1)).toEqual([
      { name: 'a', note: 'kept' },
      { name: '', note: 'new' },
    ]);
    await user.type(screen.getByRole('textbox', { name: 'Name 2' }), 'b');
    expect(seen.at(-1)).toEqual([
      { name: 'a', note: 'kept' },
      { name: 'b', note: 'new' },
    ]);
    await user.click(screen.getByRole('button', { name: 'Add row' }));
    expect(screen.getByRole('button', { name: 'Full' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove row 1' }));
    expect(seen.at(-1)).toEqual([
      { name: 'b', note: 'new' },
      { name: '', note: 'new' },
    ]);
    expect(screen.getByRole('button', { name: 'Add row' })).toBeEnabled();
  });
});
