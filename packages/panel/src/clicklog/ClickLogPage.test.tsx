import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { conversion } from '../conversions/testData.ts';
import { namesRoute, statsSettingsRoutes } from '../reports/testData.ts';

function click(index: number) {
  return {
    time: new Date(Date.UTC(2026, 2, 2, 12, 0, 0) - index * 1000).toISOString(),
    click_id: `click${index}`,
    campaign: { value: 3, name: 'Summer sale' },
    traffic_source: { value: 2, name: 'PropellerAds' },
    landing: { value: 0, name: '' },
    offer: { value: 5, name: 'Keto EU' },
    country: 'DE',
    device_type: 'mobile',
    os: 'Android',
    browser: 'Chrome',
    ip: `10.0.0.${index % 250}`,
    cost: 12_500,
    user_agent: 'Mozilla/5.0 "Pixel"',
  };
}

/** Pages of 500 clicks, `total` in all, the cursor being the next page's first index. */
function clicksRoute(requests: URL[], total = 1200): Route {
  return on('GET', '/api/clicks', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = Math.min(total, start + Number(url.searchParams.get('limit')));
    return json({
      rows: Array.from({ length: end - start }, (_, offset) => click(start + offset)),
      nextCursor: end < total ? String(end) : null,
    });
  });
}

function renderLog(path: string, routes: Route[], columns?: unknown) {
  return renderApp(path, [
    ...signedInAs(),
    ...statsSettingsRoutes({ timezone: 'Europe/Berlin', baseCurrency: 'USD', rates: {} }, columns),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    ...routes,
  ]);
}

let created: Blob[] = [];
beforeEach(() => {
  created = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:clicks';
  });
  URL.revokeObjectURL = vi.fn();
});

describe('click log', () => {
  it('shows the newest clicks with the default columns, in the viewer zone', async () => {
    const requests: URL[] = [];
    renderLog('/clicklog', [clicksRoute(requests)]);
    expect(await screen.findByRole('heading', { name: 'Click log', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Click log - Cairn');
    const grid = screen.getByRole('grid', { name: 'Click log' });
    const first = await within(grid).findByRole('row', { name: /click0/ });
    // 12:00 UTC is 13:00 in Berlin.
    expect(first.textContent).toMatch(/Mar 2, 2026, 1:00:00\sPM/);
    expect(first).toHaveTextContent('$0.0125');
    expect(within(first).getByRole('link', { name: 'Summer sale' })).toHaveAttribute(
      'href',
      '/panel/campaigns/edit/3',
    );
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({
      preset: 'today',
      timezone: 'Europe/Berlin',
      limit: '500',
      columns: 'time,click_id,campaign,offer,landing,traffic_source,country,device_type,os,browser,ip,cost',
    });
    expect(screen.getByText('500 rows loaded')).toBeInTheDocument();
    // Countries are DB-IP's data (CC BY 4.0): its credit is under the log, for every user.
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
    expect(screen.getByRole('link', { name: 'CC BY 4.0' })).toBeInTheDocument();
  });

  it('asks for the next page as the end of the rows scrolls near, and with Load more', async () => {
    const requests: URL[] = [];
    renderLog('/clicklog', [clicksRoute(requests)]);
    const grid = await screen.findByRole('grid', { name: 'Click log' });
    await within(grid).findByRole('row', { name: /click0/ });
    const scroller = grid.parentElement as HTMLElement;
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 600 });
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 500 * 36 });
    scroller.scrollTop = 500 * 36 - 600 - 100;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('cursor')).toBe('500'));
    expect(await screen.findByText('1,000 rows loaded')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('All 1,200 rows')).toBeInTheDocument();
    expect(requests).toHaveLength(3);
  });

  it('shows the columns chosen from every recorded one, and remembers them', async () => {
    const requests: URL[] = [];
    renderLog('/clicklog', [clicksRoute(requests, 3)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Columns (12)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    expect(within(dialog).getAllByRole('checkbox').length).toBeGreaterThanOrEqual(60);
    await user.click(within(dialog).getByRole('checkbox', { name: 'User agent' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'IP' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('columns')).toContain('user_agent'));
    expect(requests.at(-1)?.searchParams.get('columns')).not.toContain('ip');
    const grid = screen.getByRole('grid', { name: 'Click log' });
    expect(await within(grid).findByRole('columnheader', { name: /User agent/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cairn.reports.columns.clicklog') ?? '[]')).toContain(
      'user_agent',
    );
  });

  it("starts from the user's columns kept on the server, and keeps a new pick in its order there", async () => {
    const requests: URL[] = [];
    const sent: unknown[] = [];
    const table = 'cairn.reports.columns.clicklog';
    renderLog('/clicklog', [
      clicksRoute(requests, 3),
      on('GET', '/api/user/columns', () =>
        json({
          tables: {
            [table]: { order: ['click_id', 'time', 'ip'], visibility: { click_id: true, time: true } },
          },
        }),
      ),
      on('PUT', '/api/user/columns', async (request) => {
        const body = (await request.json()) as { table: string; choice: unknown };
        sent.push(body);
        return json({ tables: { [body.table]: body.choice } });
      }),
    ]);
    // The kept pick in its order, without the column it lists as not shown.
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('columns')).toBe('click_id,time'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Columns (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Country' }));
    // Ordered in the dialog: Country, checked last, dragged to the top, then Click ID moved down by its arrow.
    const order = within(dialog).getByRole('list', { name: 'Order' });
    const item = (label: string) => within(order).getByText(label).closest('li') as HTMLElement;
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Click ID', 'Time', 'Country']);
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(item('Country'), { dataTransfer });
    fireEvent.dragOver(item('Click ID'), { dataTransfer });
    fireEvent.drop(item('Click ID'), { dataTransfer });
    await user.click(within(order).getByRole('button', { name: 'Move Click ID down' }));
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Country', 'Time', 'Click ID']);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('columns')).toBe('country,time,click_id'));
    const grid = screen.getByRole('grid', { name: 'Click log' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('columnheader')
          .map((th) => th.textContent)
          .slice(0, 3),
      ).toEqual(['Country', 'Time', 'Click ID']),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      table,
      choice: {
        order: ['country', 'time', 'click_id'],
        visibility: { country: true, time: true, click_id: true },
      },
    });
  });

  it("keeps this browser's pick on the server when the server keeps none yet", async () => {
    localStorage.setItem('cairn.reports.columns.clicklog', JSON.stringify(['ip', 'time']));
    const requests: URL[] = [];
    const sent: unknown[] = [];
    renderLog('/clicklog', [
      clicksRoute(requests, 3),
      on('GET', '/api/user/columns', () => json({ tables: {} })),
      on('PUT', '/api/user/columns', async (request) => {
        sent.push(await request.json());
        return json({ tables: {} });
      }),
    ]);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          table: 'cairn.reports.columns.clicklog',
          choice: { order: ['ip', 'time'], visibility: { ip: true, time: true } },
        },
      ]),
    );
    expect(requests.at(-1)?.searchParams.get('columns')).toBe('ip,time');
  });

  it('starts from the default columns of the columns settings', async () => {
    const requests: URL[] = [];
    renderLog('/clicklog', [clicksRoute(requests, 3)], {
      tables: { clicklog: ['time', 'click_id', 'country'] },
    });
    await screen.findByRole('row', { name: /click0/ });
    expect(requests[0]?.searchParams.get('columns')).toBe('time,click_id,country');
  });

  it('filters by any dimension and exports the loaded clicks', async () => {
    const requests: URL[] = [];
    renderLog('/clicklog', [clicksRoute(requests, 2)]);
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /click0/ });
    // Countries are picked by name or typed as a code, each value taken with Enter.
    await user.type(screen.getByRole('combobox', { name: 'Values' }), 'DE{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[country]')).toBe('DE'));
    await screen.findByRole('row', { name: /click1/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await (created[0] as Blob).text()).replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Time,Click ID,Campaign,Offer,Lander,Traffic source,Country,Device type,OS,Browser,IP,Cost',
    );
    expect(lines[1]).toBe(
      '2026-03-02T12:00:00.000Z,click0,Summer sale,Keto EU,,PropellerAds,DE,mobile,Android,Chrome,10.0.0.0,0.0125',
    );
    expect(lines).toHaveLength(3);
  });

  it("shows the server's refusal", async () => {
    renderLog('/clicklog', [on('GET', '/api/clicks', () => json({ message: 'Permission denied' }, 403))]);
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
  });
});

describe('finding a click', () => {
  const id = '01kf3m2x9q7v5t4s3r2p1n0m8';
  const clickId = id.slice(0, 23);

  function detailRoute(requests: string[]): Route {
    return on('GET', `/api/clicks/${clickId}`, (request) => {
      requests.push(request.url);
      return json({
        click: {
          ...click(0),
          click_id: clickId,
          path: { value: 'c3:1:2', name: 'Rule 1: Mobile DE / Path 2' },
          landing: { value: 8, name: 'Quiz <b>lander</b>' },
          token_3: 'zone-4411',
          token_4: '',
        },
        conversions: [
          {
            ...conversion(clickId),
            s2s: {
              state: 'pending',
              attempts: 5,
              lastStatus: null,
              lastError: 'Error: connect ECONNREFUSED 203.0.113.9:443',
              nextAttemptAt: '2026-03-02T11:30:00.000Z',
              deliveredAt: null,
            },
          },
        ],
      });
    });
  }

  it('asks for a pasted click id (any case, spaces around) and a token value as exact searches', async () => {
    const requests: URL[] = [];
    renderLog('/clicklog', [clicksRoute(requests, 3)]);
    const user = userEvent.setup();
    const box = await screen.findByRole('textbox', { name: 'Find a click' });
    await user.type(box, `  ${clickId.toUpperCase()} `);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('clickId')).toBe(clickId));
    expect(requests.at(-1)?.searchParams.has('token')).toBe(false);
    expect(screen.getByText(/whatever the period and filters/)).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'zone-4411{Enter}');
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('token')).toBe('zone-4411'));
    expect(requests.at(-1)?.searchParams.has('clickId')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show all clicks' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.has('token')).toBe(false));
    expect(box).toHaveValue('');
  });

  it('shows the full id, copies it, and opens the detail with facts, conversions and S2S state', async () => {
    const details: string[] = [];
    renderLog('/clicklog', [
      on('GET', '/api/clicks', () => json({ rows: [{ ...click(0), click_id: clickId }], nextCursor: null })),
      detailRoute(details),
    ]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Click log' });
    const open = await within(grid).findByRole('button', { name: clickId });
    await user.click(within(grid).getByRole('button', { name: `Copy click ID ${clickId}` }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(clickId);
    expect(within(grid).getByRole('button', { name: `Copied ${clickId}` })).toBeInTheDocument();
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Click' });
    expect(within(dialog).getByRole('textbox', { name: 'Click ID' })).toHaveValue(clickId);
    const list = await within(dialog).findByLabelText('Click facts');
    expect(list.textContent).toMatch(/TimeMar 2, 2026, 1:00:00\sPM/);
    expect(list).toHaveTextContent('CampaignSummer sale');
    expect(list).toHaveTextContent('PathRule 1: Mobile DE / Path 2');
    // Names are text, never markup.
    expect(list).toHaveTextContent('Quiz <b>lander</b>');
    expect(list).toHaveTextContent('zone-4411');
    expect(list.textContent).not.toContain('Token 4');
    const conversions = within(dialog).getByRole('table', { name: 'Conversions of this click' });
    expect(conversions).toHaveTextContent('Approved (sale)');
    expect(conversions).toHaveTextContent('Failing (5 tries): connection refused');
    // 11:30 UTC is 12:30 in Berlin.
    expect(conversions.textContent).toMatch(/next try Mar 2, 2026, 12:30:00\sPM/);
    expect(details).toHaveLength(1);
  });

  it('retries a failing S2S postback from the detail, then shows the delivery afresh', async () => {
    const details: string[] = [];
    const retries: string[] = [];
    renderLog('/clicklog', [
      on('GET', '/api/clicks', () => json({ rows: [{ ...click(0), click_id: clickId }], nextCursor: null })),
      detailRoute(details),
      on('POST', `/api/conversions/${clickId}/1/s2s/retry`, (request) => {
        retries.push(request.url);
        return json({
          state: 'pending',
          attempts: 5,
          lastStatus: null,
          lastError: null,
          nextAttemptAt: '2026-03-02T12:00:00.000Z',
          deliveredAt: null,
        });
      }),
    ]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Click log' });
    await user.click(await within(grid).findByRole('button', { name: clickId }));
    const dialog = await screen.findByRole('dialog', { name: 'Click' });
    const conversions = await within(dialog).findByRole('table', { name: 'Conversions of this click' });
    await user.click(within(conversions).getByRole('button', { name: 'Retry' }));
    expect(await within(conversions).findByRole('button', { name: 'Retry queued' })).toBeDisabled();
    expect(retries).toHaveLength(1);
    await waitFor(() => expect(details).toHaveLength(2));
  });

  it('offers no retry to a plain user', async () => {
    renderApp('/clicklog', [
      ...signedInAs({ role: 'user' }),
      ...statsSettingsRoutes({ timezone: 'Europe/Berlin', baseCurrency: 'USD', rates: {} }),
      namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
      on('GET', '/api/clicks', () => json({ rows: [{ ...click(0), click_id: clickId }], nextCursor: null })),
      detailRoute([]),
    ]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Click log' });
    await user.click(await within(grid).findByRole('button', { name: clickId }));
    const dialog = await screen.findByRole('dialog', { name: 'Click' });
    const conversions = await within(dialog).findByRole('table', { name: 'Conversions of this click' });
    expect(conversions).toHaveTextContent('Failing (5 tries)');
    expect(within(conversions).queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
