import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, type Route, signedInAs } from '../../app/testing.ts';

// The selection's actions on a list: each asks first, runs on every chosen item, and a refusal keeps the
// dialog open with the server's reason and the selection as it was.

const offer = offerItem;

const emptyList = () => json({ items: [], total: 0, page: 1, pageSize: 500 });

function renderOffers(routes: Route[]) {
  return renderApp('/offers', [
    ...signedInAs(),
    on('GET', '/api/group', emptyList),
    on('GET', '/api/affiliate_network', emptyList),
    on('GET', '/api/offer', () =>
      json({ items: [offer(1, 'Alpha'), offer(2, 'Beta', true)], total: 2, page: 1, pageSize: 50 }),
    ),
    ...routes,
  ]);
}

async function selectBoth() {
  const user = userEvent.setup();
  await screen.findByRole('link', { name: 'Alpha' });
  await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
  return user;
}

describe('list selection actions', () => {
  it('offers archive for the active rows and restore for the archived ones', async () => {
    renderOffers([]);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    expect(screen.getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mass edit' })).toBeInTheDocument();
  });

  it('deletes every chosen item once confirmed, then clears the selection', async () => {
    const deleted: string[] = [];
    const deleteRoute = (id: number): Route =>
      on('DELETE', `/api/offer/${id}`, () => {
        deleted.push(String(id));
        return json({ status: 'ok', id });
      });
    renderOffers([deleteRoute(1), deleteRoute(2)]);
    const user = await selectBoth();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 offers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted.sort()).toEqual(['1', '2']);
    expect(await screen.findAllByText('2 offers deleted')).not.toHaveLength(0);
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).not.toBeChecked();
  });

  it('lists a refusal in the dialog and keeps the selection', async () => {
    renderOffers([
      on('DELETE', '/api/offer/1', () => json({ status: 'ok', id: 1 })),
      on('DELETE', '/api/offer/2', () => json({ message: 'Beta is still used by campaign Summer' }, 409)),
    ]);
    const user = await selectBoth();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 2 offers?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('1 of 2 could not be deleted:');
    expect(refusal).toHaveTextContent('Beta is still used by campaign Summer');
    expect(await screen.findAllByText('1 offer deleted')).not.toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('checkbox', { name: 'Select row 1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select row 2' })).toBeChecked();
  });

  it('undoes an archive from its toast by restoring what it archived', async () => {
    const calls: string[] = [];
    const record = (method: string, path: string, archived: boolean): Route =>
      on(method, path, () => {
        calls.push(path);
        return json({ ...offer(1, 'Alpha'), archived });
      });
    renderOffers([
      record('POST', '/api/offer/1/archive', true),
      record('POST', '/api/offer/1/restore', false),
    ]);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Archive 1 offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls).toEqual(['/api/offer/1/archive', '/api/offer/1/restore']));
    expect(await screen.findAllByText('1 offer restored')).not.toHaveLength(0);
  });

  it('offers no undo for a delete, which the server cannot take back', async () => {
    renderOffers([on('DELETE', '/api/offer/1', () => json({ status: 'ok', id: 1 }))]);
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete 1 offer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText('1 offer deleted')).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
