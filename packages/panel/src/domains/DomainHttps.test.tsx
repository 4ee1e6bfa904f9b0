import type { TlsDomain, TlsStatus } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';

const meta = {
  archived: false,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};
const domains = [
  { id: 2, ...meta, host: 'go.example', isDefault: true, notes: '' },
  { id: 3, ...meta, host: 'new.example', isDefault: false, notes: '' },
];
const list = (items: unknown[]) => () => json({ items, total: items.length, page: 1, pageSize: 50 });

function tlsOf(overrides: Partial<TlsDomain> & { domainId: number; host: string }): TlsDomain {
  return {
    https: false,
    redirectHttp: false,
    state: 'off',
    notAfter: null,
    issuedAt: null,
    lastAttemptAt: null,
    lastError: null,
    ...overrides,
  };
}

/** A server whose HTTPS state changes as the panel asks, like the real one. */
function tlsServer() {
  const state: TlsStatus = {
    httpsPort: 8443,
    acmeDirectory: 'https://acme.example/dir',
    domains: [
      tlsOf({
        domainId: 2,
        host: 'go.example',
        https: true,
        state: 'valid',
        notAfter: '2027-02-20T10:00:00.000Z',
        issuedAt: '2026-11-22T10:00:00.000Z',
      }),
      tlsOf({
        domainId: 3,
        host: 'new.example',
        https: false,
        lastError: 'DNS problem: NXDOMAIN looking up A for new.example',
      }),
    ],
  };
  const sent: unknown[] = [];
  const routes: Route[] = [
    on('GET', '/api/domain', list(domains)),
    on('GET', '/api/domain/3', () => json(domains[1])),
    on('GET', '/api/audit', () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
    on('GET', '/api/tls', () => json(state)),
    on('PUT', '/api/tls/domains/3', async (request) => {
      const body = (await request.json()) as { https: boolean; redirectHttp: boolean };
      sent.push(body);
      const current = state.domains[1] as TlsDomain;
      state.domains[1] = { ...current, ...body, state: body.https ? 'pending' : 'off' };
      return json(state.domains[1]);
    }),
    on('POST', '/api/tls/domains/3/issue', () => {
      const current = state.domains[1] as TlsDomain;
      state.domains[1] = {
        ...current,
        state: 'failed',
        lastAttemptAt: '2026-12-06T10:00:00.000Z',
        lastError: 'DNS problem: NXDOMAIN looking up A for new.example',
      };
      return json({ issued: false, error: state.domains[1].lastError, domain: state.domains[1] });
    }),
  ];
  return { routes, sent };
}

describe('HTTPS of tracking domains', () => {
  it('shows each domain certificate state and expiry in the list', async () => {
    const server = tlsServer();
    renderApp('/domains', [...signedInAs(), ...server.routes]);
    const row = await screen.findByRole('row', { name: /go\.example/ });
    expect(await within(row).findByText('Valid')).toBeVisible();
    expect(row.textContent).toMatch(/until (20 Feb 2027|Feb 20, 2027)/);
    const other = screen.getByRole('row', { name: /new\.example/ });
    expect(within(other).getByText('Off')).toBeVisible();
  });

  it('turns HTTPS on, asks for a certificate and shows why the CA refused it', async () => {
    const server = tlsServer();
    renderApp('/domains/edit/3', [...signedInAs(), ...server.routes]);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'HTTPS' });
    const https = await within(section).findByRole('switch', {
      name: 'Serve HTTPS with a certificate from the CA',
    });
    const redirect = within(section).getByRole('switch', { name: 'Send plain HTTP on to HTTPS' });
    expect(redirect).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Get certificate now' })).toBeDisabled();

    await user.click(https);
    await waitFor(() => expect(within(section).getByText('Waiting for a certificate')).toBeVisible());
    expect(server.sent).toEqual([{ https: true, redirectHttp: false }]);
    await waitFor(() => expect(redirect).toBeEnabled());
    await user.click(redirect);
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]).toEqual({ https: true, redirectHttp: true });

    await user.click(within(section).getByRole('button', { name: 'Get certificate now' }));
    expect(await screen.findByText('Certificate not issued')).toBeVisible();
    await waitFor(() => expect(within(section).getByText('Failed')).toBeVisible());
    expect(within(section).getByRole('status')).toHaveTextContent('NXDOMAIN looking up A for new.example');
  });

  it('is left out for users who are not admins (the API would refuse them)', async () => {
    const server = tlsServer();
    const { server: fake } = renderApp('/domains/edit/3', [
      ...signedInAs({ role: 'user' }),
      ...server.routes,
    ]);
    expect(await screen.findByRole('textbox', { name: 'Host' })).toHaveValue('new.example');
    expect(screen.queryByRole('region', { name: 'HTTPS' })).toBeNull();
    expect(fake.calls).not.toContain('GET /api/tls');
  });
});
