import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';

// The users list offers "New user" only to those the server lets create users: the can-create-users flag,
// which an admin may lack.

const ops = {
  id: 2,
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
  login: 'ops',
  role: 'admin',
  canCreateUsers: false,
  hideProfit: false,
  disabled: false,
  twoFactorEnabled: false,
  permissions: [],
  notes: '',
};

function renderUsers(canCreateUsers: boolean, items: unknown[]) {
  return renderApp('/users', [
    ...signedInAs({ id: '2', role: 'admin', username: 'ops', canCreateUsers }),
    on('GET', '/api/user', () => json({ items, total: items.length, page: 1, pageSize: 50 })),
  ]).services;
}

describe('users list', () => {
  it('offers "New user" to an admin with can-create-users', async () => {
    renderUsers(true, [ops]);
    const grid = await screen.findByRole('grid', { name: 'Users' });
    await within(grid).findByRole('link', { name: 'ops' });
    expect(screen.getByRole('link', { name: 'New user' })).toHaveAttribute('href', '/panel/users/create');
  });

  it('hides "New user" from an admin without can-create-users, in the header and the empty list', async () => {
    const services = renderUsers(false, []);
    await waitFor(() => expect(services.currentUser.getSnapshot()?.canCreateUsers).toBe(false));
    await screen.findByText('No users here');
    expect(screen.queryByRole('link', { name: 'New user' })).not.toBeInTheDocument();
  });
});
