import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { namesRoute, statsSettingsRoutes } from '../reports/testData.ts';
import { conversion } from './testData.ts';

/** Pages of 500 conversions, `total` in all, the cursor being the next page's first index. */
function conversionsRoute(requests: URL[], total: number, hideProfit = false): Route {
  return on('GET', '/api/conversions', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = Math.min(total, start + Number(url.searchParams.get('limit')));
    return json({
      rows: Array.from({ length: end - start }, (_, offset) =>
        conversion(`c${start + offset}`, { payout: hideProfit ? undefined : 12_500_000 }),
      ),
      nextCursor: end < total ? String(end) : null,
    });
  });
}

function renderPage(path: string, routes: Route[], user: Parameters<typeof signedInAs>[0] = {}) {
  return renderApp(path, [
    ...signedInAs(user),
    ...statsSettingsRoutes({ timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: {} }),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    ...routes,
  ]);
}

const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((header) => header.textContent ?? '');

let created: Blob[] = [];
beforeEach(() => {
  created = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:conversions';
  });
  URL.revokeObjectURL = vi.fn();
});

describe('conversions page', () => {
  it('lists the newest conversions with names, times in the viewer zone and money in the base currency', async () => {
    const requests: URL[] = [];
    renderPage('/conversions', [conversionsRoute(requests, 3)]);
    expect(await screen.findByRole('heading', { name: 'Conversions', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Conversions - Cairn');
    const grid = screen.getByRole('grid', { name: 'Conversions' });
    const first = await within(grid).findByRole('row', { name: /c0/ });
    expect(headers(grid)).toEqual([
      expect.stringContaining('Conversion time'),
      expect.stringContaining('Click ID'),
      expect.stringContaining('Click time'),
      expect.stringContaining('Time to convert'),
      expect.stringContaining('Campaign'),
      expect.stringContaining('Offer'),
      expect.stringContaining('Aff. network'),
      expect.stringContaining('Traffic source'),
      expect.stringContaining('Country'),
      expect.stringContaining('Status'),
      expect.stringContaining('Payout'),
      expect.stringContaining('Transaction ID'),
      expect.stringContaining('S2S postback'),
    ]);
    // 10:30 UTC is 11:30 in Berlin, the tracker's zone from the stats settings.
    expect(first.textContent).toMatch(/Mar 2, 2026, 11:30:00\sAM/);
    expect(first.textContent).toMatch(/Mar 2, 2026, 11:00:00\sAM/);
    expect(first).toHaveTextContent('30 min');
    expect(first).toHaveTextContent('Approved');
    expect(first).toHaveTextContent('€12.50');
    expect(first).toHaveTextContent('Delivered');
    expect(first).toHaveTextContent('tx-c0');
    expect(within(first).getByRole('link', { name: 'MaxBounty' })).toHaveAttribute(
      'href',
      '/panel/affiliate-networks/edit/7',
    );
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({
      preset: 'last_7_days',
      timezone: 'Europe/Berlin',
      limit: '500',
    });
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
  });

  it('asks for the next page as the end of the rows scrolls near, and with Load more', async () => {
    const requests: URL[] = [];
    renderPage('/conversions', [conversionsRoute(requests, 1200)]);
    const grid = await screen.findByRole('grid', { name: 'Conversions' });
    await within(grid).findByRole('row', { name: /c0/ });
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

  it('filters by status, campaign and any dimension, through the address', async () => {
    const requests: URL[] = [];
    const { current } = renderPage('/conversions?period=allTime&tz=UTC', [conversionsRoute(requests, 2)]);
    await screen.findByRole('row', { name: /c1/ });
    expect(requests[0]?.searchParams.get('preset')).toBe('all_time');
    expect(requests[0]?.searchParams.get('timezone')).toBe('UTC');
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Statuses' }));
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.click(await screen.findByRole('option', { name: 'Chargeback' }));
    await waitFor(() =>
      expect(requests.at(-1)?.searchParams.get('filter[conversion_status]')).toBe('declined,chargeback'),
    );
    await user.click(screen.getByRole('combobox', { name: 'Campaigns' }));
    await user.click(await screen.findByRole('option', { name: 'Summer sale' }));
    // Countries are picked by name or typed as codes, each value taken with Enter.
    await user.type(screen.getByRole('combobox', { name: 'Values' }), 'DE{Enter}AT{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[country]')).toBe('DE,AT'));
    expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toMatchObject({
      'filter[conversion_status]': 'declined,chargeback',
      'filter[campaign]': '3',
    });
    expect(decodeURIComponent(current() ?? '')).toContain('filter[conversion_status]=declined,chargeback');
    // The statuses show in their own box, not again among the removable filters.
    const chips = screen.getByRole('list', { name: 'Filters' });
    expect(chips).toHaveTextContent('Country: DE, AT');
    expect(chips).not.toHaveTextContent('Conversion status');
    await user.click(screen.getByRole('button', { name: 'Remove the Country filter' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[country]')).toBeNull());
    expect(requests.at(-1)?.searchParams.get('filter[conversion_status]')).toBe('declined,chargeback');
  });

  it('shows the columns chosen, remembers them, and exports the loaded rows as shown', async () => {
    const requests: URL[] = [];
    renderPage('/conversions', [conversionsRoute(requests, 2)]);
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /c0/ });
    await user.click(screen.getByRole('button', { name: 'Columns (13)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Click time' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Payout as sent' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'S2S details' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const grid = screen.getByRole('grid', { name: 'Conversions' });
    expect(await within(grid).findByRole('columnheader', { name: /S2S details/ })).toBeInTheDocument();
    expect(headers(grid).some((header) => header.includes('Click time'))).toBe(false);
    const row = within(grid).getByRole('row', { name: /c0/ });
    expect(row).toHaveTextContent('$13.60');
    expect(row).toHaveTextContent('1 attempt, HTTP 200, delivered');
    const stored = JSON.parse(localStorage.getItem('cairn.reports.columns.conversions') ?? '[]');
    expect(stored).toContain('s2sDetail');
    expect(stored).not.toContain('clickTime');
    // One request: columns are drawn from what each row already holds.
    expect(requests).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const lines = (await (created[0] as Blob).text()).replace(/^\ufeff/, '').split('\r\n');
    // The columns checked anew come last, in the order they were checked.
    expect(lines[0]).toBe(
      'Conversion time,Click ID,Time to convert,Campaign,Offer,Aff. network,Traffic source,Country,Status,Payout,Transaction ID,S2S postback,Payout as sent,S2S details',
    );
    expect(lines[1]).toMatch(
      /^2026-03-02T10:30:00\.000Z,c0,1800,Summer sale,Keto EU,MaxBounty,PropellerAds,DE,approved,12\.50,tx-c0,delivered,13\.60 USD,"1 attempt, HTTP 200, delivered Mar 2, 2026, 11:30\sAM"$/,
    );
    expect(lines).toHaveLength(3);
  });

  it('offers no payout columns to a hide-profit user, whose answers carry none', async () => {
    renderPage('/conversions', [conversionsRoute([], 1, true)], { hideProfit: true });
    const grid = await screen.findByRole('grid', { name: 'Conversions' });
    await within(grid).findByRole('row', { name: /c0/ });
    expect(headers(grid).some((header) => header.startsWith('Payout'))).toBe(false);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Columns' });
    expect(within(dialog).queryByRole('checkbox', { name: /Payout/ })).toBeNull();
    expect(within(dialog).getByRole('checkbox', { name: 'Cost' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    renderPage('/conversions', [conversionsRoute([], 0)]);
    expect(await screen.findByText('No conversions in this period')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it("shows the server's refusal", async () => {
    renderPage('/conversions', [
      on('GET', '/api/conversions', () => json({ message: 'Permission denied' }, 403)),
    ]);
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
  });
});

describe("a conversion's click", () => {
  it('opens from its id, with its facts and the S2S postback in words', async () => {
    const details: string[] = [];
    renderPage('/conversions', [
      conversionsRoute([], 1),
      on('GET', '/api/clicks/c0', (request) => {
        details.push(request.url);
        return json({
          click: { time: '2026-03-02T10:00:00.000Z', click_id: 'c0', offer: { value: 5, name: 'Keto EU' } },
          conversions: [conversion('c0', { payout: 12_500_000 })],
        });
      }),
    ]);
    const user = userEvent.setup();
    const grid = await screen.findByRole('grid', { name: 'Conversions' });
    await user.click(await within(grid).findByRole('button', { name: 'c0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Click' });
    expect(await within(dialog).findByText('Keto EU')).toBeInTheDocument();
    const conversions = within(dialog).getByRole('table', { name: 'Conversions of this click' });
    expect(conversions).toHaveTextContent('Delivered');
    expect(conversions).toHaveTextContent('€12.50');
    expect(details).toHaveLength(1);
  });
});
