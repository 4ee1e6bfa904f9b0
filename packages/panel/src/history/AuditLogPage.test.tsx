import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, offerItem, on, signedInAs } from '../app/testing.ts';

const meta = {
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};
const list = (items: unknown[]) => () => json({ items, total: items.length, page: 1, pageSize: 500 });

function entry(
  id: number,
  action: string,
  kind: string,
  entityId: number,
  changes?: Record<string, unknown>,
) {
  return {
    id,
    occurredAt: '2026-12-05T09:30:00.000Z',
    userId: 2,
    userLogin: 'buyer',
    action,
    entityKind: kind,
    entityId,
    details: changes ? { changes } : null,
  };
}

function server() {
  const asked: URLSearchParams[] = [];
  const routes = [
    ...signedInAs(),
    on('GET', '/api/user', list([{ id: 2, ...meta, login: 'buyer', role: 'user' }])),
    on('GET', '/api/offer', list([offerItem(5, 'Summer offer')])),
    on('GET', '/api/group', list([])),
    on('GET', '/api/affiliate_network', list([])),
    on('GET', '/api/audit_log', (request) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const items = [
        entry(2, 'offer_updated', 'offer', 5, { name: { before: 'Spring offer', after: 'Summer offer' } }),
        entry(1, 'domain_created', 'domain', 3),
      ].filter((item) => !query.get('kind') || item.entityKind === query.get('kind'));
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    }),
  ];
  return { routes, asked };
}

describe('audit log page', () => {
  it('lists every change with its item and author, and narrows by kind, item and period', async () => {
    const fake = server();
    renderApp('/audit-log', fake.routes);
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeVisible();
    const changes = await screen.findByRole('region', { name: 'Changes' });
    const updated = await within(changes).findByRole('row', { name: /Offer updated/ });
    await waitFor(() => expect(updated).toHaveTextContent('Offer updated Summer offer'));
    expect(updated).toHaveTextContent('buyer');
    expect(updated).toHaveTextContent('Name: Spring offer → to Summer offer');
    expect(within(changes).getByRole('row', { name: /Domain created/ })).toBeVisible();
    // The default period: the last 7 days, sent as instants.
    const first = fake.asked[0] as URLSearchParams;
    expect(Date.parse(first.get('to') ?? '') - Date.parse(first.get('from') ?? '')).toBeGreaterThanOrEqual(
      7 * 86_400_000 - 3_600_000,
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Offers' }));
    await waitFor(() => expect(fake.asked.at(-1)?.get('kind')).toBe('offer'));
    await waitFor(() => expect(within(changes).queryByRole('row', { name: /Domain created/ })).toBeNull());
    await user.click(screen.getByRole('combobox', { name: 'Item' }));
    await user.click(await screen.findByRole('option', { name: 'Summer offer' }));
    await waitFor(() => expect(fake.asked.at(-1)?.get('entityId')).toBe('5'));
  });

  it('is not in the menu of users who are not admins, and says so at its address', async () => {
    const fake = server();
    renderApp('/audit-log', [...signedInAs({ role: 'user' }), ...fake.routes]);
    expect(await screen.findByText('The audit log is for admins.')).toBeVisible();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Domains' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Audit log' })).toBeNull();
    expect(fake.asked).toEqual([]);
  });

  it('is in the menu of admins', async () => {
    renderApp('/campaigns', [...server().routes, on('GET', '/api/campaign', list([]))]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Audit log' })).toBeVisible();
  });
});
