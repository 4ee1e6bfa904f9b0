import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, signedInAs } from '../../app/testing.ts';

// A list's columns follow the user: the choice kept on the server for this user reorders and hides the
// columns when it arrives, and a change in the column editor (by drag or by the arrows) is sent back.

const list = (items: unknown[]) => () => json({ items, total: items.length, page: 1, pageSize: 500 });

describe('list column choices', () => {
  it("shows the user's kept columns and sends each change made in the column editor", async () => {
    const sent: unknown[] = [];
    let kept = {
      'cairn.columns.offer': {
        order: ['payoutMicros', 'name'],
        visibility: { countryCode: false, groupId: false },
      },
    };
    renderApp('/offers', [
      ...signedInAs(),
      on('GET', '/api/group', list([])),
      on('GET', '/api/affiliate_network', list([])),
      on('GET', '/api/offer', list([offerItem(7, 'Keto EU')])),
      on('GET', '/api/user/columns', () => json({ tables: kept })),
      on('PUT', '/api/user/columns', async (request) => {
        const body = (await request.json()) as {
          table: 'cairn.columns.offer';
          choice: (typeof kept)['cairn.columns.offer'];
        };
        sent.push(body);
        kept = { ...kept, [body.table]: body.choice };
        return json({ tables: kept });
      }),
    ]);
    const grid = await screen.findByRole('grid', { name: 'Offers' });
    await within(grid).findByRole('row', { name: /Keto EU/ });
    const headers = () =>
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent)
        .filter((text) => text !== '');
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Payout', 'Name', 'ID']));
    expect(headers()).not.toContain('Country');
    expect(headers()).not.toContain('Group');
    expect(sent).toEqual([]);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const editor = await screen.findByRole('dialog', { name: 'Column settings' }, { timeout: 5000 });
    // Dragged: Network onto Payout takes the first place.
    const row = (name: string) => within(editor).getByRole('checkbox', { name }).closest('li') as HTMLElement;
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(row('Network'), { dataTransfer });
    fireEvent.dragOver(row('Payout'), { dataTransfer });
    fireEvent.drop(row('Payout'), { dataTransfer });
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Network', 'Payout', 'Name']));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      table: 'cairn.columns.offer',
      choice: { visibility: { countryCode: false, groupId: false } },
    });
    const order = (sent[0] as { choice: { order: string[] } }).choice.order;
    expect(order.indexOf('affiliateNetworkId')).toBeLessThan(order.indexOf('payoutMicros'));
    expect(order.indexOf('payoutMicros')).toBeLessThan(order.indexOf('name'));

    // By keyboard: Name up, past Payout.
    await user.click(within(editor).getByRole('button', { name: 'Move Name up' }));
    await waitFor(() => expect(headers().slice(0, 3)).toEqual(['Network', 'Name', 'Payout']));
    await waitFor(() => expect(sent).toHaveLength(2));
    await user.click(within(editor).getByRole('button', { name: 'Reset columns' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ table: 'cairn.columns.offer', choice: null }));
  });
});
