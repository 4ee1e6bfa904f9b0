import type { SavedReport, SavedReportState } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';
import { metrics, namesRoute, range, statsSettingsRoutes } from '../testData.ts';

// The report's Saved reports menu against a fake server that keeps what is saved: saving the page's
// state, opening one (its address, its sort), and a refused name.

const stateOf = (overrides: Partial<SavedReportState> = {}): SavedReportState => ({
  subject: { kind: 'campaign', ids: [3] },
  groupBy: ['offer', 'country'],
  preset: 'last_7_days',
  timezone: 'Europe/Berlin',
  filters: { country: ['DE'] },
  sort: { key: 'revenue', order: 'desc' },
  metrics: ['clicks', 'revenue'],
  ...overrides,
});

const report = (id: number, name: string, fields: Partial<SavedReport> = {}): SavedReport => ({
  id,
  name,
  shared: false,
  state: stateOf(),
  ownerId: 1,
  ownerName: 'admin',
  own: true,
  editable: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

/** Saved reports as the server keeps them, with every call's method, path and body. */
function savedReportsServer(initial: SavedReport[]) {
  const items = [...initial];
  const calls: { method: string; path: string; body?: unknown }[] = [];
  const answer = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const body = request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.json();
    calls.push({ method: request.method, path: pathname, body });
    if (request.method === 'GET') return json({ items });
    if (request.method === 'POST') {
      const input = body as { name: string; shared: boolean; state: SavedReportState };
      if (items.some((item) => item.own && item.name === input.name)) {
        return json(
          {
            message: 'Invalid request: name: You already have a saved report of this name',
            errors: [{ message: 'You already have a saved report of this name', detail: { field: 'name' } }],
          },
          400,
        );
      }
      const created = report(100 + items.length, input.name, { shared: input.shared, state: input.state });
      items.push(created);
      return json(created, 201);
    }
    if (request.method === 'PUT') {
      const input = body as { name: string; shared: boolean; state: SavedReportState };
      const index = items.findIndex((item) => item.id === Number(pathname.split('/').at(-1)));
      const changed = { ...(items[index] as SavedReport), ...input };
      items[index] = changed;
      return json(changed);
    }
    if (request.method === 'DELETE') {
      const id = Number(pathname.split('/').at(-1));
      items.splice(
        items.findIndex((item) => item.id === id),
        1,
      );
      return json({ status: 'ok' });
    }
    return json({ message: 'Not here' }, 405);
  };
  const route: Route = (request) =>
    new URL(request.url).pathname.startsWith('/api/saved-reports') ? answer(request) : undefined;
  return { route, calls };
}

function renderReport(path: string, saved: ReturnType<typeof savedReportsServer>, requests: URL[] = []) {
  return renderApp(path, [
    ...signedInAs(),
    ...statsSettingsRoutes(),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    on('GET', '/api/report', (request) => {
      requests.push(new URL(request.url));
      return json({
        rows: [
          { dimension: 'offer', value: 5, name: 'Keto EU', metrics: metrics(10, 1, 5_000_000, 2_000_000) },
        ],
        total: 1,
        nextOffset: null,
        totals: metrics(10, 1, 5_000_000, 2_000_000),
        range,
      });
    }),
    saved.route,
  ]);
}

describe('saved reports on the report page', () => {
  it("lists the viewer's own and the shared ones, and opens one with its address and sort", async () => {
    const saved = savedReportsServer([
      report(7, 'Germany by offer'),
      report(8, 'Team view', {
        own: false,
        editable: false,
        shared: true,
        ownerName: 'maria',
        state: stateOf({ groupBy: ['country'], filters: {}, preset: 'yesterday' }),
      }),
    ]);
    const requests: URL[] = [];
    const { current } = renderReport('/report/campaign/3', saved, requests);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Saved reports' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Germany by offer' })).toBeInTheDocument();
    expect(within(menu).getByText('Shared with me')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: /Team view\s*maria/ }));

    await waitFor(() => expect(current()).toContain('saved=8'));
    const address = decodeURIComponent(current() ?? '');
    expect(address).toContain('/panel/report/campaign/3?');
    expect(address).toContain('group=country');
    expect(address).toContain('period=yesterday');
    await waitFor(() => {
      const params = requests.at(-1)?.searchParams;
      expect(params?.get('groupBy')).toBe('country');
      expect(params?.get('preset')).toBe('yesterday');
      expect(params?.get('sort')).toBe('revenue');
      expect(params?.get('order')).toBe('desc');
    });
    // Someone else's report: opened, named on the button, but nothing to change or delete.
    await user.click(await screen.findByRole('button', { name: 'Team view' }));
    expect(await screen.findByRole('menuitem', { name: 'Save as new report…' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete…' })).not.toBeInTheDocument();
  });

  it('opens the saved report a link names, sort included', async () => {
    const saved = savedReportsServer([report(7, 'Germany by offer')]);
    const requests: URL[] = [];
    renderReport(
      '/report/campaign/3?group=offer,country&period=last7&tz=Europe/Berlin&filter[country]=DE&saved=7',
      saved,
      requests,
    );
    expect(await screen.findByRole('button', { name: 'Germany by offer' })).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('sort')).toBe('revenue'));
  });

  it("saves the page's state under a name, shared, and names it in the address", async () => {
    const saved = savedReportsServer([report(7, 'Taken')]);
    const { current } = renderReport('/report/campaign/3?group=offer&period=today&tz=UTC', saved);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Saved reports' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save as new report…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save report' });
    await user.type(within(dialog).getByLabelText('Name'), 'Taken');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with other users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The name the viewer already has: the server's message under the field, the dialog still open.
    expect(
      await within(dialog).findByText('You already have a saved report of this name'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Offers today');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posted = saved.calls.filter((call) => call.method === 'POST').at(-1)?.body;
    expect(posted).toMatchObject({
      name: 'Offers today',
      shared: true,
      state: {
        subject: { kind: 'campaign', ids: [3] },
        groupBy: ['offer'],
        preset: 'today',
        timezone: 'UTC',
        filters: {},
      },
    });
    await waitFor(() => expect(current()).toContain('saved=101'));
    expect(await screen.findByRole('button', { name: 'Offers today' })).toBeInTheDocument();
  });

  it('deletes the one open and leaves its name out of the address', async () => {
    const saved = savedReportsServer([report(7, 'Germany by offer')]);
    const { current } = renderReport(
      '/report/campaign/3?group=offer,country&period=last7&tz=Europe/Berlin&filter[country]=DE&saved=7',
      saved,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Germany by offer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(saved.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(saved.calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/saved-reports/7');
    await waitFor(() => expect(current()).not.toContain('saved='));
    expect(await screen.findByRole('button', { name: 'Saved reports' })).toBeInTheDocument();
  });

  it('saves changes to the one open, and renames and shares it', async () => {
    const saved = savedReportsServer([report(7, 'Germany by offer')]);
    renderReport(
      '/report/campaign/3?group=offer,country&period=last7&tz=Europe/Berlin&filter[country]=DE&saved=7',
      saved,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Germany by offer' }));
    // Nothing changed yet: nothing to save.
    expect(
      await screen.findByRole('menuitem', { name: 'Save changes to “Germany by offer”' }),
    ).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Day' }));
    await user.click(await screen.findByRole('button', { name: 'Germany by offer (changed)' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Save changes to “Germany by offer”' }));
    await waitFor(() => expect(saved.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(saved.calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: '/api/saved-reports/7',
      body: {
        name: 'Germany by offer',
        shared: false,
        state: { groupBy: ['day'], sort: { key: 'revenue' } },
      },
    });
    expect(await screen.findByRole('button', { name: 'Germany by offer' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Germany by offer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename or share…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename or share report' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Offers, team');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Share with other users' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved.calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(saved.calls.filter((call) => call.method === 'PUT').at(-1)?.body).toMatchObject({
      name: 'Offers, team',
      shared: true,
      state: { groupBy: ['day'] },
    });
    expect(await screen.findByRole('button', { name: 'Offers, team' })).toBeInTheDocument();
  });
});
