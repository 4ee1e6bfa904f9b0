import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';

// The user form on the generic machinery: a write-only password, per-kind permissions for plain users,
// and the two-factor reset.

const signedIn = signedInAs();

const meta = {
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

function managedUser(change: Record<string, unknown>) {
  return {
    id: 5,
    ...meta,
    login: 'buyer',
    role: 'user',
    canCreateUsers: false,
    hideProfit: false,
    disabled: false,
    twoFactorEnabled: false,
    permissions: [],
    notes: '',
    ...change,
  };
}

const groups = on('GET', '/api/group', (request) => {
  const kind = new URL(request.url).searchParams.get('kind');
  const items =
    kind === 'campaign'
      ? [{ id: 4, ...meta, name: 'Team A', kind: 'campaign', notes: '', memberCount: 2 }]
      : [];
  return json({ items, total: items.length, page: 1, pageSize: 500 });
});

function renderEdit(item: ReturnType<typeof managedUser>, ...routes: Route[]) {
  const bodies: Record<string, unknown>[] = [];
  const { server } = renderApp('/users/edit/5', [
    ...signedIn,
    groups,
    ...routes,
    on('GET', '/api/audit_log', (request) => {
      const userId = new URL(request.url).searchParams.get('userId');
      const items =
        userId === '5'
          ? [
              {
                id: 1,
                occurredAt: '2026-11-22T10:00:00.000Z',
                userId: 5,
                userLogin: 'buyer',
                action: 'campaign_updated',
                entityKind: 'campaign',
                entityId: 7,
                details: { changes: { name: { before: 'Push', after: 'Push US' } } },
              },
            ]
          : [];
      return json({ items, total: items.length, page: 1, pageSize: 20 });
    }),
    on('GET', '/api/user/5', () => json(item)),
    on('PUT', '/api/user/5', async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return json({ ...item, ...body });
    }),
  ]);
  return { bodies, server, user: userEvent.setup() };
}

// A whole App with lazy pages boots per test; on a busy two-core machine that alone can near 5 s.
describe('user form', { timeout: 20_000 }, () => {
  it('shows a permission problem at its picker, then sends the permission without touching the password', async () => {
    const { bodies, user } = renderEdit(
      managedUser({
        permissions: [{ kind: 'campaign', scope: 'all', access: 'read', groupIds: [], itemIds: [] }],
      }),
    );
    await user.click(await screen.findByRole('combobox', { name: 'Campaigns scope' }));
    await user.click(await screen.findByRole('option', { name: 'Items in groups' }));
    const picker = await screen.findByRole('combobox', { name: 'Campaigns groups' });
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(picker).toHaveAttribute('aria-invalid', 'true'));
    expect(picker).toHaveAccessibleDescription(expect.stringContaining('Choose at least one group'));
    expect(bodies).toEqual([]);

    await user.click(picker);
    await user.paste('Team');
    await screen.findByRole('option', { name: /Team A/ });
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]?.permissions).toEqual([
      { kind: 'campaign', scope: 'groups', access: 'read', groupIds: [4], itemIds: [] },
    ]);
    // Empty keeps the current password: the field is not sent at all.
    expect(bodies[0]).not.toHaveProperty('password');
  });

  it('lists every kind for a plain user and none for an admin, who may create users instead', async () => {
    renderEdit(managedUser({}));
    const table = await screen.findByRole('table', { name: 'Permissions' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Campaigns',
      'Offers',
      'Landers',
      'Affiliate networks',
      'Traffic sources',
      'Rotations',
      'Domains',
      'Groups',
    ]);
    expect(within(table).getByRole('combobox', { name: 'Offers access' })).toHaveTextContent('No access');
    expect(screen.queryByRole('switch', { name: 'Can create users' })).not.toBeInTheDocument();
  });

  it('shows what the user did, from the audit log', async () => {
    renderEdit(managedUser({}));
    const activity = await screen.findByRole('region', { name: 'Activity' });
    // The campaign's name, once its kind's names are in; its number until then (none are served here).
    const row = await within(activity).findByRole('row', { name: /Campaign updated #7/ });
    // The field as the campaign form labels it, the time as the viewer's calendar and clock say it.
    expect(row).toHaveTextContent('Name: Push → to Push US');
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(
      within(row).getByRole('cell', { name: when.format(Date.parse('2026-11-22T10:00:00.000Z')) }),
    ).toBeInTheDocument();
  });

  it('hides permissions for an admin and offers can-create-users', async () => {
    renderEdit(managedUser({ role: 'admin' }));
    expect(await screen.findByRole('switch', { name: 'Can create users' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Permissions' })).not.toBeInTheDocument();
  });

  it('resets two-factor sign-in after a confirmation', async () => {
    const resets: string[] = [];
    const { user } = renderEdit(
      managedUser({ twoFactorEnabled: true }),
      on('POST', '/api/user/5/two_factor_reset', (request) => {
        resets.push(request.method);
        return json(managedUser({ twoFactorEnabled: false }));
      }),
    );
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(within(section).getByText('On')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(within(section).getByText('Off')).toBeInTheDocument());
    expect(resets).toEqual(['POST']);
    expect(within(section).getByRole('button', { name: 'Reset two-factor' })).toBeDisabled();
  });
});
