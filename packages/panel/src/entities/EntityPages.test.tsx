import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import type { AppServices } from '../app/services.ts';
import { json, offerItem, on, type Route, signedInAs } from '../app/testing.ts';

const signedIn = signedInAs();

const offer = offerItem;

const emptyList = (request: Request) => {
  const url = new URL(request.url);
  return json({ items: [], total: 0, page: 1, pageSize: Number(url.searchParams.get('pageSize') ?? 50) });
};
const referenceLists: Route[] = [
  on('GET', '/api/group', emptyList),
  on('GET', '/api/affiliate_network', emptyList),
];

function renderAt(path: string, routes: Route[], setup?: (services: AppServices) => void) {
  return renderApp(path, [...signedIn, ...routes], setup);
}

describe('entity form', () => {
  it('shows a server validation error at the field it names, and sends nothing the contract refuses', async () => {
    const bodies: unknown[] = [];
    renderAt('/offers/create', [
      ...referenceLists,
      on('POST', '/api/offer', async (request) => {
        bodies.push(await request.json());
        return json(
          {
            message: 'Invalid request: url: This host is blocked',
            errors: [{ message: 'This host is blocked', detail: { field: 'url' } }],
          },
          400,
        );
      }),
    ]);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const url = screen.getByRole('textbox', { name: 'URL' });

    // The contract refuses an unknown macro before anything is sent.
    // Pasted, not typed: a whole form re-renders per keystroke, which is slow in jsdom.
    await user.click(url);
    await user.paste('https://offer.example/?s={clikid}');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining('Unknown macro {clikid}'));
    expect(bodies).toEqual([]);

    await user.click(name);
    await user.paste('Summer');
    await user.clear(url);
    await user.paste('https://blocked.example/');
    await user.click(screen.getByRole('button', { name: 'Create offer' }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(expect.stringContaining('This host is blocked')),
    );
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([
      expect.objectContaining({ name: 'Summer', url: 'https://blocked.example/', payoutMicros: 0 }),
    ]);
  });

  it("shows the network's keyless switch, refused without allowed IPs before anything is sent", async () => {
    const bodies: unknown[] = [];
    renderAt('/affiliate-networks/create', [
      on('POST', '/api/affiliate_network', async (request) => {
        bodies.push(await request.json());
        return json({ message: 'unexpected' }, 500);
      }),
    ]);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('Legacy network');
    const keyless = screen.getByRole('switch', { name: 'Accept postbacks without the key' });
    expect(keyless).not.toBeChecked();
    await user.click(keyless);
    await user.click(screen.getByRole('button', { name: /^Create/ }));
    await waitFor(() =>
      expect(keyless).toHaveAccessibleDescription(expect.stringContaining("add the network's IPs first")),
    );
    expect(bodies).toEqual([]);
  });

  it('asks before leaving a form with unsaved changes', async () => {
    const { current } = renderAt('/offers/create', [...referenceLists, on('GET', '/api/landing', emptyList)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Name' }));
    await user.paste('Half typed');
    await user.click(screen.getByRole('link', { name: 'Landers' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(current()).toBe('/panel/offers/create');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Half typed');

    await user.click(screen.getByRole('link', { name: 'Landers' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(current()).toBe('/panel/landings'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Landers' })).toBeInTheDocument();
  });

  it('also asks when the navigation comes from elsewhere than a link (a menu entry), and stays put', async () => {
    const { current } = renderAt('/offers/create', [...referenceLists, on('GET', '/api/domain', emptyList)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('textbox', { name: 'Name' }));
    await user.paste('Half typed');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Domains' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(current()).toBe('/panel/offers/create');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(current()).toBe('/panel/domains'));
  });
});

describe('entity list', () => {
  const offersList = (seen: string[]): Route =>
    on('GET', '/api/offer', (request) => {
      const url = new URL(request.url);
      seen.push(url.search);
      return json({ items: [offer(1, 'Alpha'), offer(2, 'Beta')], total: 2, page: 1, pageSize: 50 });
    });

  it('sorts on the server and keeps the sort in the address when the debug setting says so', async () => {
    const seen: string[] = [];
    const { current } = renderAt('/offers', [...referenceLists, offersList(seen)]);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      '/panel/report/offer/1',
    );
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(current()).toBe('/panel/offers?sort=name%3Adesc'));
    await waitFor(() => expect(seen.at(-1)).toContain('sort=name%3Adesc'));
  });

  it("opens an item's report by its name, its form by Edit, and one report of the selected rows", async () => {
    const { current } = renderAt('/offers', [...referenceLists, offersList([])]);
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Alpha' })).toHaveAttribute(
      'href',
      '/panel/report/offer/1',
    );
    expect(screen.getByRole('link', { name: 'Edit Alpha' })).toHaveAttribute('href', '/panel/offers/edit/1');
    expect(screen.getByRole('link', { name: 'Clone Alpha' })).toHaveAttribute(
      'href',
      '/panel/offers/clone/1',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }));
    await user.click(screen.getByRole('link', { name: 'Report' }));
    await waitFor(() => expect(current()).toBe('/panel/report/offer/1,2'));
  });

  it('keeps the name of a kind without reports on its form', async () => {
    renderAt('/groups', [
      on('GET', '/api/group', () =>
        json({
          items: [
            {
              id: 4,
              archived: false,
              createdAt: '2026-11-22T10:00:00.000Z',
              updatedAt: '2026-11-22T10:00:00.000Z',
              name: 'Push',
              kind: 'campaign',
              notes: '',
              memberCount: 0,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 50,
        }),
      ),
    ]);
    expect(await screen.findByRole('link', { name: 'Push' })).toHaveAttribute('href', '/panel/groups/edit/4');
    expect(screen.queryByRole('link', { name: 'Edit Push' })).toBeNull();
  });

  it('shows references by name', async () => {
    const network = {
      id: 9,
      archived: false,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      name: 'MaxBounty',
      offerUrlParams: '',
      postbackPlaceholders: { clickId: '{clickid}', payout: null, status: null, txid: null, currency: null },
      allowedPostbackIps: [],
      statusMapping: [],
      duplicatePostbacks: 'ignore',
      acceptKeylessPostbacks: false,
      notes: '',
      postbackUrl: 'http://tracker.example/postback?clickid={clickid}&key=K3y',
      offerCount: 1,
    };
    renderAt('/offers', [
      on('GET', '/api/group', emptyList),
      on('GET', '/api/affiliate_network', () => json({ items: [network], total: 1, page: 1, pageSize: 500 })),
      on('GET', '/api/offer', () =>
        json({ items: [{ ...offer(1, 'Alpha'), affiliateNetworkId: 9 }], total: 1, page: 1, pageSize: 50 }),
      ),
    ]);
    expect(await screen.findByRole('gridcell', { name: 'MaxBounty' })).toBeInTheDocument();
  });

  it('keeps the sort in the page when syncing with the address is off', async () => {
    const seen: string[] = [];
    const { current } = renderAt('/offers', [...referenceLists, offersList(seen)], (services) =>
      services.debugSettings.set({ isSyncSortingAndFiltersWithRouter: false }),
    );
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Alpha' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(seen.at(-1)).toContain('sort=name%3Adesc'));
    expect(current()).toBe('/panel/offers');
  });

  it('shows a failed list call in the table, server markup and all, in valid HTML', async () => {
    const consoleError = vi.spyOn(console, 'error');
    try {
      renderAt('/offers', [
        ...referenceLists,
        on('GET', '/api/offer', () =>
          json(
            {
              message: 'The list is <b>unavailable</b>, see https://status.example',
              errors: [{ message: 'Event store offline' }],
            },
            503,
          ),
        ),
      ]);
      const alert = await screen.findByRole('alert');
      await waitFor(() => expect(alert).toHaveTextContent('The list is unavailable'));
      expect(alert).toHaveTextContent('Event store offline');
      expect(within(alert).getByText('unavailable').tagName).toBe('B');
      expect(within(alert).getByRole('link', { name: 'https://status.example' })).toHaveAttribute(
        'href',
        'https://status.example',
      );
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      // React reports block content inside the empty state's <p> title ("cannot be a descendant of <p>").
      const nesting = consoleError.mock.calls.filter((args) => /descendant|nested/.test(args.join(' ')));
      expect(nesting).toEqual([]);
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('history on every kind', () => {
  it("shows an offer's changes below its form, labelled as the form labels them", async () => {
    const asked: string[] = [];
    renderAt('/offers/edit/5', [
      ...referenceLists,
      on('GET', '/api/offer/5', () => json(offer(5, 'Summer'))),
      on('GET', '/api/audit_log', (request) => {
        asked.push(new URL(request.url).search);
        return json({
          items: [
            {
              id: 9,
              occurredAt: '2026-11-23T08:16:00.000Z',
              userId: 1,
              userLogin: 'admin',
              action: 'offer_updated',
              entityKind: 'offer',
              entityId: 5,
              details: { changes: { name: { before: 'Spring', after: 'Summer' } } },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        });
      }),
    ]);
    const history = await screen.findByRole('region', { name: 'History' });
    const row = await within(history).findByRole('row', { name: /admin/ });
    await waitFor(() => expect(row).toHaveTextContent('Name: Spring → to Summer'));
    expect(asked[0]).toContain('kind=offer');
    expect(asked[0]).toContain('entityId=5');
  });

  it('leaves the history out for users the server refuses it to', async () => {
    const { server } = renderApp('/offers/edit/5', [
      ...signedInAs({ role: 'user' }),
      ...referenceLists,
      on('GET', '/api/offer/5', () => json(offer(5, 'Summer'))),
      on('GET', '/api/audit_log', () => json({ message: 'Access denied' }, 403)),
    ]);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Summer');
    await waitFor(() => expect(server.calls).toContain('GET /api/audit_log'));
    // The answer is handled on a later tick; by then nothing may stand in for the refused history.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(screen.queryByText('Access denied')).toBeNull();
  });
});
