import type { ApiKey } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';

const KEY = 'cairn_Qm9vbGVhbnMgYXJlIG5vdCBrZXlzIGJ1dCB0aGlzIGlzIG9uZQ';

function keyOf(fields: Partial<ApiKey>): ApiKey {
  return {
    id: 1,
    name: 'reporting bot',
    scope: 'read_only',
    userId: 1,
    userLogin: 'admin',
    prefix: 'cairn_Qm9vbG',
    createdAt: '2026-03-01T12:00:00.000Z',
    lastUsedAt: null,
    expiresAt: null,
    ...fields,
  };
}

/** A small in-memory stand-in of the key routes, enough to see the section's calls and its list follow. */
function keyServer(initial: ApiKey[]) {
  const keys = [...initial];
  const created: unknown[] = [];
  const revoked: string[] = [];
  const routes = [
    on('GET', '/api/api_key', () => json({ apiKeys: keys })),
    on('POST', '/api/api_key', async (request) => {
      const body = (await request.json()) as {
        name: string;
        scope: ApiKey['scope'];
        expiresAt: string | null;
      };
      created.push(body);
      if (body.name === 'taken') {
        return json(
          {
            message: 'Invalid',
            errors: [{ message: 'The expiry is in the past', detail: { field: 'expiresAt' } }],
          },
          400,
        );
      }
      const key = keyOf({
        id: keys.length + 10,
        name: body.name,
        scope: body.scope,
        expiresAt: body.expiresAt,
      });
      keys.unshift(key);
      return json({ ...key, key: KEY }, 201);
    }),
    (request: Request) => {
      const match = /^\/api\/api_key\/(\d+)$/.exec(new URL(request.url).pathname);
      if (request.method !== 'DELETE' || !match) return undefined;
      revoked.push(match[1] ?? '');
      keys.splice(
        keys.findIndex((key) => String(key.id) === match[1]),
        1,
      );
      return json({ status: 'ok' });
    },
  ];
  return { routes, created, revoked };
}

describe('settings/public-api', { timeout: 20_000 }, () => {
  it('creates a key, shows it once with a copy button, and lists it', async () => {
    const server = keyServer([]);
    renderApp('/settings/public-api', [...signedInAs(), ...server.routes]);
    expect(await screen.findByRole('heading', { name: 'Public API', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('No keys yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/api/doc' })).toHaveAttribute('href', '/api/doc');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(server.created).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'nightly pull');
    await user.click(screen.getByRole('radio', { name: 'Read and write' }));
    await user.type(screen.getByLabelText('Expires after', { exact: false }), '2027-01-31');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(server.created).toHaveLength(1));
    expect(server.created[0]).toEqual({
      name: 'nightly pull',
      scope: 'read_write',
      expiresAt: new Date('2027-01-31T23:59:59').toISOString(),
    });
    const shown = await screen.findByRole('textbox', { name: 'New API key' });
    expect(shown).toHaveValue(KEY);
    expect(screen.getByRole('button', { name: /copy/i })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('nightly pull')).toBeInTheDocument();
    expect(within(table).getByText('Read and write')).toBeInTheDocument();
    // The list shows the key's prefix, never the key.
    expect(within(table).queryByText(KEY)).not.toBeInTheDocument();
  });

  it("shows the server's refusal at its field", async () => {
    const server = keyServer([]);
    renderApp('/settings/public-api', [...signedInAs(), ...server.routes]);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'taken');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('The expiry is in the past')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New API key' })).not.toBeInTheDocument();
  });

  it("revokes a key after confirmation; an admin sees every user's keys", async () => {
    const server = keyServer([
      keyOf({ id: 1, name: 'reporting bot' }),
      keyOf({ id: 2, name: 'pauser', userId: 5, userLogin: 'ops', lastUsedAt: '2026-03-02T08:00:00.000Z' }),
    ]);
    renderApp('/settings/public-api', [...signedInAs({ role: 'admin' }), ...server.routes]);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'User' })).toBeInTheDocument();
    expect(within(table).getByText('ops')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Revoke pauser' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('refused from their next request');
    expect(server.revoked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.revoked).toEqual(['2']));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).queryByText('pauser')).not.toBeInTheDocument(),
    );
  });

  it('shows a plain user only their own list, without the user column', async () => {
    const server = keyServer([keyOf({ userId: 5, userLogin: 'ops' })]);
    renderApp('/settings/public-api', [
      ...signedInAs({ id: '5', role: 'user', username: 'ops' }),
      ...server.routes,
    ]);
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'User' })).not.toBeInTheDocument();
  });
});
