import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, signedInAs } from '../../app/testing.ts';
import { previousValues } from './MassEditBody.tsx';

// A mass edit is undone from its toast: each item gets back what it had, in one call per set of
// earlier values.

describe('undoing a mass edit', () => {
  it('groups the items by what they had in the changed fields', () => {
    const items = [
      { ...offerItem(1, 'A'), groupId: null, payoutMicros: 1 },
      { ...offerItem(2, 'B'), groupId: 4, payoutMicros: 1 },
      { ...offerItem(3, 'C'), groupId: null, payoutMicros: 2 },
    ];
    expect(previousValues(items, ['groupId'])).toEqual([
      { ids: [1, 3], values: { groupId: null } },
      { ids: [2], values: { groupId: 4 } },
    ]);
  });

  it('sends each item back to its own value from the toast', async () => {
    const patches: unknown[] = [];
    const offers = [offerItem(1, 'Alpha'), { ...offerItem(2, 'Beta'), groupId: 5 }];
    renderApp('/offers/edit/mass/1,2', [
      ...signedInAs(),
      on('GET', '/api/offer', () => json({ items: offers, total: 2, page: 1, pageSize: 500 })),
      on('GET', '/api/affiliate_network', () => json({ items: [], total: 0, page: 1, pageSize: 500 })),
      on('GET', '/api/group', () =>
        json({
          items: [
            { ...offerItem(4, 'Sweepstakes'), kind: 'offer', memberCount: 0 },
            { ...offerItem(5, 'Dating'), kind: 'offer', memberCount: 1 },
          ],
          total: 2,
          page: 1,
          pageSize: 500,
        }),
      ),
      on('PATCH', '/api/offer/mass', async (request) => {
        const body = (await request.json()) as { ids: number[] };
        patches.push(body);
        return json({ updated: body.ids.length, ids: body.ids });
      }),
    ]);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Mass edit - Offers' }, { timeout: 5000 });
    await user.click(within(dialog).getByLabelText('Change Group'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Sweepstakes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save 2 offers' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(patches).toEqual([
        { ids: [1, 2], changes: { groupId: 4 } },
        { ids: [1], changes: { groupId: null } },
        { ids: [2], changes: { groupId: 5 } },
      ]),
    );
    expect(await screen.findAllByText('2 offers back as they were')).not.toHaveLength(0);
  });
});
