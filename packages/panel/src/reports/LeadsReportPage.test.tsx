import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { namesRoute, statsSettingsRoutes } from './testData.ts';

function conversion(clickId: string, status: string, payout?: number) {
  return {
    clickId,
    seq: 1,
    time: '2026-03-02T10:30:00.000Z',
    clickTime: '2026-03-02T10:00:00.000Z',
    timeToConvertSeconds: 1800,
    updatedAt: '2026-03-02T10:30:00.000Z',
    campaign: { id: 3, name: 'Summer sale' },
    offer: { id: 5, name: 'Keto EU' },
    affiliateNetwork: null,
    trafficSource: { id: 2, name: 'PropellerAds' },
    country: 'DE',
    status,
    networkStatus: 'sale',
    txid: '',
    ...(payout === undefined
      ? {}
      : { revenueMicros: payout, revenueOriginalMicros: payout, revenueCurrency: 'EUR' }),
    costMicros: 0,
    s2s: {
      state: 'delivered',
      attempts: 1,
      lastStatus: 200,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: '2026-03-02T10:30:01.000Z',
    },
    deliveries: [],
  };
}

function conversionsRoute(
  requests: URL[],
  pages: Record<string, { rows: unknown[]; nextCursor: string | null }>,
): Route {
  return on('GET', '/api/conversions', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    return json(pages[url.searchParams.get('cursor') ?? ''] ?? { rows: [], nextCursor: null });
  });
}

function renderLeads(path: string, routes: Route[], hideProfit = false) {
  return renderApp(path, [
    ...signedInAs({ hideProfit }),
    ...statsSettingsRoutes(),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    ...routes,
  ]);
}

describe('leads report', () => {
  it("lists the subject's conversions from the conversion log, a page at a time, in the tracker's zone", async () => {
    const requests: URL[] = [];
    renderLeads('/report/leads/campaign/3', [
      conversionsRoute(requests, {
        '': { rows: [conversion('c1', 'approved', 12_500_000)], nextCursor: 'next' },
        next: { rows: [conversion('c2', 'declined', 0)], nextCursor: null },
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Leads: Summer sale', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Leads report - Cairn');
    const grid = await screen.findByRole('grid', { name: 'Leads of Summer sale' });
    const first = await within(grid).findByRole('row', { name: /c1/ });
    // 10:30 UTC is 11:30 in Berlin (the tracker's zone from the stats settings).
    expect(first).toHaveTextContent('11:30:00');
    expect(first).toHaveTextContent('Approved');
    expect(first).toHaveTextContent('€12.50');
    expect(first).toHaveTextContent('30 min');
    expect(within(first).getByRole('link', { name: 'Keto EU' })).toHaveAttribute(
      'href',
      '/panel/offers/edit/5',
    );
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toMatchObject({
      'filter[campaign]': '3',
      preset: 'last_7_days',
      timezone: 'Europe/Berlin',
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(grid).findByRole('row', { name: /c2/ })).toHaveTextContent('Declined');
    expect(requests.at(-1)?.searchParams.get('cursor')).toBe('next');
    expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
  });

  it('filters by status', async () => {
    const requests: URL[] = [];
    const { current } = renderLeads('/report/leads/offer/5', [
      namesRoute('offer', [{ id: 5, name: 'Keto EU' }]),
      conversionsRoute(requests, { '': { rows: [conversion('c1', 'approved', 1)], nextCursor: null } }),
    ]);
    await screen.findByRole('row', { name: /c1/ });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(current()).toContain('status=pending'));
    await waitFor(() =>
      expect(requests.at(-1)?.searchParams.get('filter[conversion_status]')).toBe('pending'),
    );
    expect(requests.at(-1)?.searchParams.get('filter[offer]')).toBe('5');
  });

  it('has no payout column for a hide-profit user, and says when there are no leads', async () => {
    renderLeads(
      '/report/leads/campaign/3',
      [conversionsRoute([], { '': { rows: [conversion('c1', 'approved')], nextCursor: null } })],
      true,
    );
    const grid = await screen.findByRole('grid');
    await within(grid).findByRole('row', { name: /c1/ });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent ?? '');
    expect(headers.some((header) => header.startsWith('Payout'))).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('says when there are none', async () => {
    renderLeads('/report/leads/campaign/3', [conversionsRoute([], {})]);
    expect(await screen.findByText('No leads in this period')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    renderLeads('/report/leads/campaign/3', [
      on('GET', '/api/conversions', () => json({ message: 'Permission denied' }, 403)),
    ]);
    expect(await screen.findByText('Permission denied')).toBeInTheDocument();
  });
});
