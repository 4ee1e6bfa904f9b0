import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type MassEditField, MassEditModal } from './MassEditModal.tsx';

const fields: MassEditField[] = [
  {
    id: 'costModel',
    label: 'Cost model',
    kind: 'select',
    options: [
      { value: 'cpc', label: 'CPC' },
      { value: 'cpa', label: 'CPA' },
    ],
  },
  { id: 'cost', label: 'Cost', kind: 'number', defaultValue: 0.1, step: 0.01 },
  { id: 'name', label: 'Name prefix', kind: 'text' },
  { id: 'active', label: 'Active', kind: 'switch', defaultValue: true },
];

function Harness({ onSave }: { onSave: (changes: Record<string, unknown>) => Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <MassEditModal
        open={open}
        onOpenChange={setOpen}
        itemCount={3}
        itemsLabel="campaigns"
        fields={fields}
        onSave={onSave}
      />
      {!open && <p>closed</p>}
    </>
  );
}

describe('MassEditModal', () => {
  it('emits only the ticked fields with their values and closes', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<Harness onSave={onSave} />);
    const dialog = screen.getByRole('dialog', { name: 'Mass edit' });
    expect(screen.getByRole('checkbox', { name: 'Change Cost model' })).toHaveFocus();
    expect(dialog).toHaveTextContent('Tick the fields to change for 3 campaigns.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    // Editors stay disabled until their field is ticked.
    expect(screen.getByRole('spinbutton', { name: 'Cost' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Cost' }));
    const cost = screen.getByRole('spinbutton', { name: 'Cost' });
    await userEvent.clear(cost);
    await userEvent.type(cost, '0.25');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Active' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Active' }));
    expect(dialog).toHaveTextContent('3 campaigns will change: Cost, Active.');

    await userEvent.click(screen.getByRole('button', { name: 'Save 3 campaigns' }));
    expect(onSave).toHaveBeenCalledWith({ cost: 0.25, active: false });
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
  });

  it('forgets a field that was unticked again', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<Harness onSave={onSave} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Name prefix' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name prefix' }), 'EU ');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Cost model' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Name prefix' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save 3 campaigns' }));
    expect(onSave).toHaveBeenCalledWith({ costModel: 'cpc' });
  });

  it('shows a save error and stays open', async () => {
    render(<Harness onSave={() => Promise.reject(new Error('Campaign 7 is archived'))} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Change Active' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save 3 campaigns' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Campaign 7 is archived');
    expect(screen.getByRole('dialog', { name: 'Mass edit' })).toBeInTheDocument();
  });

  it('closes on Escape without saving', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<Harness onSave={onSave} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });
});
