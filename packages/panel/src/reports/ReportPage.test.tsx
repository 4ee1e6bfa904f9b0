import { screen, waitFor, within } from '@testing-library/react';
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
  answer: (url: URL) => Response = () => json({ rows: offerRows, totals, range }),
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
  });

  it('exports what is shown as CSV: a column per level, the chosen metrics, the total', async () => {
    renderReport('/report/campaign/3?group=offer,country', [reportRoute([])]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('treegrid');
    const keto = await within(grid).findByRole('row', { name: /Keto EU/ });
    await user.click(within(keto).getByRole('button', { name: /expand/i }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(created).toHaveLength(1);
    const text = await (created[0] as Blob).text();
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Offer,Country,Clicks,Unique clicks,LP clicks,LP CTR (%),Conversions,CR (%),Revenue (EUR),Cost (EUR),Profit (EUR),ROI (%),EPC (EUR)',
    );
    expect(lines[1]).toBe('Keto EU,,1200,1080,600,50.00,30,2.50,150.50,96.00,54.50,56.77,0.1254');
    expect(lines[2]).toMatch(/^Keto EU,Germany,700,/);
    expect(lines[3]).toMatch(/^Keto EU,France,500,/);
    expect(lines[4]).toMatch(/^\(not set\),,34,/);
    expect(lines[5]).toMatch(/^Total,,1234,/);
    expect(lines).toHaveLength(6);
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
      reportRoute(requests, () => json({ rows: [], totals: metrics(0, 0, 0, 0), range })),
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
          : json({ rows: offerRows, totals, range });
      }),
    ]);
    expect(await screen.findByText(/Unknown dimension "x"/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /Keto EU/ })).toBeInTheDocument();
  });
});
