import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { metrics, namesRoute, range, statsSettingsRoutes, withoutProfit } from './testData.ts';

// Money: micro-units. The campaign made 2 offers' worth of traffic; offer 5 in two countries.
const offerRows = [
  {
    dimension: 'offer',
    value: 5,
    name: 'Keto EU',
    metrics: metrics(1200, 30, 150_500_000, 96_000_000),
    // The server's first page of the countries under it, of 75.
    childTotal: 75,
    children: [
      {
        dimension: 'country',
        value: 'DE',
        name: 'Germany',
        metrics: metrics(700, 20, 100_000_000, 56_000_000),
      },
      {
        dimension: 'country',
        value: 'FR',
        name: 'France',
        metrics: metrics(500, 10, 50_500_000, 40_000_000),
      },
    ],
  },
  { dimension: 'offer', value: 0, name: '', metrics: metrics(34, 0, 0, 4_000_000) },
];
const totals = metrics(1234, 30, 150_500_000, 100_000_000);

function reportRoute(
  requests: URL[],
  answer: (url: URL) => Response = () => json({ rows: offerRows, total: 2, nextOffset: null, totals, range }),
): Route {
  return on('GET', '/api/report', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    return answer(url);
  });
}

function renderReport(path: string, routes: Route[], user: Parameters<typeof signedInAs>[0] = {}) {
  return renderApp(path, [
    ...signedInAs(user),
    ...statsSettingsRoutes(),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    ...routes,
  ]);
}

let created: Blob[] = [];
beforeEach(() => {
  created = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('report page', () => {
  it("shows the subject's report in the tracker's zone, with money, ratios and the server's totals", async () => {
    const requests: URL[] = [];
    renderReport('/report/campaign/3', [reportRoute(requests)]);
    expect(await screen.findByRole('heading', { name: 'Report: Summer sale', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Report - Cairn');
    const grid = await screen.findByRole('treegrid', { name: 'Report by Offer' });
    const keto = await within(grid).findByRole('row', { name: /Keto EU/ });
    const params = Object.fromEntries(requests[0]?.searchParams ?? []);
    expect(params).toMatchObject({
      groupBy: 'offer',
      preset: 'today',
      timezone: 'Europe/Berlin',
      'filter[campaign]': '3',
    });
    expect(keto).toHaveTextContent('1,200');
    expect(keto).toHaveTextContent('€150.50');
    expect(keto).toHaveTextContent('56.77%');
    expect(within(keto).getByRole('link', { name: 'Keto EU' })).toHaveAttribute(
      'href',
      '/panel/offers/edit/5',
    );
    // The offer with no id is traffic that reached no offer: no edit page to link to.
    expect(within(grid).getByRole('link', { name: '(not set)' })).toBeInTheDocument();
    const total = within(grid).getAllByRole('row').at(-1) as HTMLElement;
    expect(total).toHaveTextContent('Total');
    expect(total).toHaveTextContent('1,234');
    // ROI of the totals, not an average of the rows' ROIs.
    expect(total).toHaveTextContent('50.50%');
    // A report may group by country, region, city or ISP: DB-IP's data, credited as CC BY 4.0 asks.
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
  });

  it('groups by a preset, expands a row into its children and links a child to a narrower report', async () => {
    const requests: URL[] = [];
    const { current } = renderReport('/report/campaign/3', [reportRoute(requests)]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Offer > Country' }));
    await waitFor(() => expect(current()).toContain('group=offer%2Ccountry'));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('groupBy')).toBe('offer,country'));
    const grid = await screen.findByRole('treegrid', { name: 'Report by Offer > Country' });
    const keto = await within(grid).findByRole('row', { name: /Keto EU/ });
    expect(keto).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(keto).getByRole('button', { name: /expand/i }));
    const germany = await within(grid).findByRole('row', { name: /Germany/ });
    expect(germany).toHaveAttribute('aria-level', '2');
    const link = within(germany).getByRole('link', { name: 'Germany' });
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain(
      'filter[offer]=5&filter[country]=DE',
    );
    expect(decodeURIComponent(link.getAttribute('href') ?? '')).toContain('group=day');
    // The countries past the page: the report narrowed to the offer pages through all of them.
    const more = within(keto).getByRole('link', { name: /^2 of 75\s?below Keto EU: see all$/ });
    const moreAddress = decodeURIComponent(more.getAttribute('href') ?? '');
    expect(moreAddress).toContain('filter[offer]=5');
    expect(moreAddress).toContain('group=country');
  });

  it('counts conversions at click time when chosen, kept in the address, the export and the row links', async () => {
    const requests: URL[] = [];
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { current } = renderReport('/report/campaign/3?group=offer,country', [reportRoute(requests)]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('treegrid');
    await within(grid).findByRole('row', { name: /Keto EU/ });
    // The server's default: no parameter.
    expect(requests.at(-1)?.searchParams.has('conversionTime')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Conversions by' }));
    await user.click(await screen.findByRole('option', { name: 'Click time' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('conversionTime')).toBe('click'));
    expect(current()).toContain('conversions=click');
    const keto = within(grid).getByRole('row', { name: /Keto EU/ });
    await user.click(within(keto).getByRole('button', { name: /expand/i }));
    const germany = await within(grid).findByRole('row', { name: /Germany/ });
    const link = within(germany).getByRole('link', { name: 'Germany' });
    expect(link.getAttribute('href')).toContain('conversions=click');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(new URL(clicked[0] ?? '', 'http://panel.test').searchParams.get('conversionTime')).toBe('click');
    // Back to conversion time: the parameter and the address key go.
    await user.click(screen.getByRole('combobox', { name: 'Conversions by' }));
    await user.click(await screen.findByRole('option', { name: 'Conversion time' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.has('conversionTime')).toBe(false));
    expect(current()).not.toContain('conversions=');
  });

  it("exports the server's CSV or XLSX of every row, in the table's sort, with the chosen metrics", async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderReport('/report/campaign/3?group=offer,country', [reportRoute([])]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('treegrid');
    await within(grid).findByRole('row', { name: /Keto EU/ });
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    await waitFor(() => expect(clicked).toHaveLength(2));
    const [csv, xlsx] = clicked.map(({ href }) => new URL(href, 'http://panel.test'));
    expect(csv?.pathname).toBe('/api/report/export');
    const expected = {
      groupBy: 'offer,country',
      preset: 'today',
      timezone: 'Europe/Berlin',
      'filter[campaign]': '3',
      metrics: 'clicks,uniqueClicks,lpClicks,lpCtr,leads,cr,revenue,cost,profit,roi,epc',
    };
    expect(Object.fromEntries(csv?.searchParams ?? [])).toMatchObject({ ...expected, format: 'csv' });
    expect(Object.fromEntries(xlsx?.searchParams ?? [])).toMatchObject({ ...expected, format: 'xlsx' });
    expect(clicked.map(({ download }) => download.split('.').at(-1))).toEqual(['csv', 'xlsx']);
    // Nothing is built from the loaded rows: no blob of them.
    expect(created).toHaveLength(0);
  });

  it('has one column editor, whose metrics, hidden and ordered there, the table and the export show after a reload', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const table = 'cairn.reports.columns.report';
    const sent: { table: string; choice: { order: string[] } | null }[] = [];
    let kept: Record<string, unknown> = {};
    const keptColumns = [
      on('GET', '/api/user/columns', () => json({ tables: kept })),
      on('PUT', '/api/user/columns', async (request) => {
        const body = (await request.json()) as (typeof sent)[number];
        sent.push(body);
        kept = body.choice ? { [body.table]: body.choice } : {};
        return json({ tables: kept });
      }),
    ];
    const headers = () =>
      within(screen.getByRole('treegrid', { name: 'Report by Offer' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
    const exportedMetrics = async () => {
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      return new URL(clicked.pop() ?? '', 'http://panel.test').searchParams.get('metrics');
    };
    const chosen = [
      'ROI',
      'Clicks',
      'LP clicks',
      'LP CTR',
      'Conversions',
      'CR',
      'Revenue',
      'Profit',
      'Cost',
      'EPC',
    ];
    const user = userEvent.setup();

    renderReport('/report/campaign/3', [reportRoute([]), ...keptColumns]);
    await screen.findByRole('row', { name: /Keto EU/ });
    // The metrics chooser is the only one: the table offers no Columns menu beside it.
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Metrics (11)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Metrics' });
    // Each metric once (the issue found "Cost" twice in a chooser).
    for (const label of [...chosen, 'Unique clicks']) {
      expect(within(dialog).getAllByRole('checkbox', { name: label })).toHaveLength(1);
    }
    await user.click(within(dialog).getByRole('checkbox', { name: 'Unique clicks' }));
    const order = within(dialog).getByRole('list', { name: 'Order' });
    const item = (label: string) => within(order).getByText(label).closest('li') as HTMLElement;
    // ROI dragged to the top; Profit moved up past Cost from the keyboard.
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(item('ROI'), { dataTransfer });
    fireEvent.dragOver(item('Clicks'), { dataTransfer });
    fireEvent.drop(item('Clicks'), { dataTransfer });
    within(order).getByRole('button', { name: 'Move Profit up' }).focus();
    await user.keyboard('{Enter}');
    expect(
      within(order)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(chosen);
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(headers()).toEqual(['Offer', ...chosen]));
    const chosenIds = 'roi,clicks,lpClicks,lpCtr,leads,cr,revenue,profit,cost,epc';
    expect(await exportedMetrics()).toBe(chosenIds);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ table, choice: { order: chosenIds.split(',') } });

    // Reloaded in a browser that kept nothing: the user's choice comes from the server.
    cleanup();
    localStorage.clear();
    renderReport('/report/campaign/3', [reportRoute([]), ...keptColumns]);
    await screen.findByRole('row', { name: /Keto EU/ });
    await waitFor(() => expect(headers()).toEqual(['Offer', ...chosen]));
    expect(await exportedMetrics()).toBe(chosenIds);

    // And back to the defaults, which forgets the choice.
    await user.click(screen.getByRole('button', { name: 'Metrics (10)' }));
    const again = await screen.findByRole('dialog', { name: 'Metrics' });
    await user.click(within(again).getByRole('button', { name: 'Use defaults' }));
    await user.click(within(again).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(headers()).toContain('Unique clicks'));
    expect(headers().slice(0, 3)).toEqual(['Offer', 'Clicks', 'Unique clicks']);
    await waitFor(() => expect(sent.at(-1)).toEqual({ table, choice: null }));
  });

  it("titles the event columns with the installation's slot names, Event N where a slot has none", async () => {
    const order = ['clicks', 'event1', 'event2'];
    const choice = { order, visibility: Object.fromEntries(order.map((id) => [id, true])) };
    const names = ['Registration', '', 'Deposit', ...Array(27).fill('')];
    const user = userEvent.setup();
    renderReport('/report/campaign/3', [
      reportRoute([]),
      on('GET', '/api/user/columns', () => json({ tables: { 'cairn.reports.columns.report': choice } })),
      on('GET', '/api/custom-events', () => json({ names })),
    ]);
    const grid = await screen.findByRole('treegrid', { name: 'Report by Offer' });
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Offer', 'Clicks', 'Registration', 'Event 2']),
    );
    await user.click(screen.getByRole('button', { name: 'Metrics (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Metrics' });
    for (const label of ['Registration', 'Event 2', 'Deposit', 'Event 30']) {
      expect(within(dialog).getAllByRole('checkbox', { name: label })).toHaveLength(1);
    }
    expect(within(dialog).queryByRole('checkbox', { name: 'Event 1' })).toBeNull();
  });

  it('says how many rows of how many it shows, loads more or all, and sorts on the server', async () => {
    const requests: URL[] = [];
    const zones = (count: number, from = 0) =>
      Array.from({ length: count }, (_, index) => ({
        dimension: 'token_1',
        value: `zone${from + index}`,
        name: `zone${from + index}`,
        metrics: metrics(10, 0, 0, 1_000_000),
      }));
    renderReport('/report/campaign/3?group=token_1', [
      reportRoute(requests, (url) => {
        const size = Number(url.searchParams.get('pageSize') ?? 100);
        const shown = Math.min(size, 2314);
        return json({
          rows: zones(shown),
          total: 2314,
          nextOffset: shown < 2314 ? shown : null,
          totals,
          range,
        });
      }),
    ]);
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 100 of 2,314')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('pageSize')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 200 of 2,314')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('pageSize')).toBe('200');
    await user.click(screen.getByRole('button', { name: 'Load all' }));
    expect(await screen.findByText('Showing 2,314 of 2,314')).toBeInTheDocument();
    expect(requests.at(-1)?.searchParams.get('pageSize')).toBe('2314');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // A column's sort is a new question to the server, over every row, from the first page again.
    const grid = screen.getByRole('treegrid');
    await user.click(within(grid).getByRole('button', { name: /^Profit/ }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('sort')).toBe('profit'));
    const first = requests.at(-1);
    expect(['asc', 'desc']).toContain(first?.searchParams.get('order'));
    expect(first?.searchParams.get('pageSize')).toBeNull();
    await user.click(within(grid).getByRole('button', { name: /^Profit/ }));
    await waitFor(() =>
      expect(requests.at(-1)?.searchParams.get('order')).toBe(
        first?.searchParams.get('order') === 'asc' ? 'desc' : 'asc',
      ),
    );
    expect(await screen.findByText('Showing 100 of 2,314')).toBeInTheDocument();
  });

  it('leaves out the columns a hide-profit user gets no values for', async () => {
    renderReport(
      '/report/campaign/3',
      [
        reportRoute([], () =>
          json({
            rows: offerRows.map((row) => ({
              ...row,
              metrics: withoutProfit(row.metrics),
              children: undefined,
            })),
            total: 2,
            nextOffset: null,
            totals: withoutProfit(totals),
            range,
          }),
        ),
      ],
      { hideProfit: true },
    );
    const grid = await screen.findByRole('treegrid');
    await within(grid).findByRole('row', { name: /Keto EU/ });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.join('|')).toContain('Clicks');
    for (const hidden of ['Revenue', 'Profit', 'ROI', 'EPC', 'Leads']) {
      expect(headers.some((header) => header?.startsWith(hidden))).toBe(false);
    }
    expect(headers.some((header) => header?.startsWith('Cost'))).toBe(true);
  });

  it('says when there is no traffic, and offers the whole history', async () => {
    const requests: URL[] = [];
    renderReport('/report/campaign/3', [
      reportRoute(requests, () =>
        json({ rows: [], total: 0, nextOffset: null, totals: metrics(0, 0, 0, 0), range }),
      ),
    ]);
    expect(await screen.findByText('No traffic in this period')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all time' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('preset')).toBe('all_time'));
  });

  it("shows the server's message when the report fails, with a retry", async () => {
    let calls = 0;
    renderReport('/report/campaign/3', [
      reportRoute([], () => {
        calls += 1;
        return calls === 1
          ? json({ message: 'Invalid request: groupBy: Unknown dimension "x"' }, 400)
          : json({ rows: offerRows, total: 2, nextOffset: null, totals, range });
      }),
    ]);
    expect(await screen.findByText(/Unknown dimension "x"/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Keto EU/ })).toBeInTheDocument();
  });
});
