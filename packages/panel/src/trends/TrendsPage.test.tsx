import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { metrics, namesRoute, statsSettingsRoutes, withoutProfit } from '../reports/testData.ts';

// A week of traffic (2 to 8 March 2026, UTC) with two quiet days, and the week before.
const week = '/trends?period=custom&from=2026-03-02&to=2026-03-08&tz=UTC';
const day = (value: string, clicks: number) => ({
  dimension: 'day',
  value,
  name: value,
  metrics: metrics(clicks, 1, clicks * 100_000, clicks * 50_000),
});
const thisWeek = [
  day('2026-03-02', 100),
  day('2026-03-03', 120),
  day('2026-03-05', 80),
  day('2026-03-08', 40),
];
const lastWeek = [day('2026-02-23', 90), day('2026-03-01', 10)];

function trendsRoute(requests: URL[], hideProfit = false): Route {
  return on('GET', '/api/report', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    const rows = url.searchParams.get('from') === '2026-03-02' ? thisWeek : lastWeek;
    const clicks = rows.reduce((sum, row) => sum + row.metrics.clicks, 0);
    const strip = (all: ReturnType<typeof metrics>) => (hideProfit ? withoutProfit(all) : all);
    return json({
      rows: rows.map((row) => ({ ...row, metrics: strip(row.metrics) })),
      total: rows.length,
      nextOffset: null,
      totals: strip(metrics(clicks, rows.length, clicks * 100_000, clicks * 50_000)),
      range: { from: `${url.searchParams.get('from')}T00:00:00.000Z`, to: null },
    });
  });
}

function renderTrends(path: string, requests: URL[], hideProfit = false) {
  return renderApp(path, [
    ...signedInAs({ hideProfit }),
    ...statsSettingsRoutes({ timezone: 'UTC', baseCurrency: 'USD', rates: {} }),
    namesRoute('campaign', [
      { id: 3, name: 'Summer sale' },
      { id: 4, name: 'Winter sale' },
    ]),
    trendsRoute(requests, hideProfit),
  ]);
}

describe('trends page', () => {
  it('charts a metric per day against the period before, and lists every day of the period', async () => {
    const requests: URL[] = [];
    renderTrends(week, requests);
    expect(await screen.findByRole('heading', { name: 'Trends', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Trends - Cairn');
    const chart = await screen.findByRole('img', {
      name: /^Clicks per day, Mar 2 – Mar 8, 2026: 340 in total, against 100/,
    });
    expect(chart).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Trends per day' });
    await within(grid).findByRole('row', { name: /Mar 2, 2026/ });
    // Every day of the week, quiet ones at zero, each next to the same weekday a week earlier.
    const rows = within(grid).getAllByRole('row').slice(1, -1);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent('90');
    expect(rows[3]).toHaveTextContent('Thu, Mar 5, 2026');
    expect(rows[6]).toHaveTextContent('10');
    const sent = requests.map((url) => Object.fromEntries(url.searchParams));
    expect(sent).toContainEqual(
      expect.objectContaining({
        groupBy: 'day',
        preset: 'custom',
        from: '2026-03-02',
        to: '2026-03-08',
        limit: '1000',
      }),
    );
    expect(sent).toContainEqual(expect.objectContaining({ from: '2026-02-23', to: '2026-03-01' }));
  });

  it('narrows to chosen campaigns and any dimension', async () => {
    const requests: URL[] = [];
    const { current } = renderTrends(week, requests);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Campaigns' }));
    await user.click(await screen.findByRole('option', { name: 'Winter sale' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[campaign]')).toBe('4'));
    await user.type(screen.getByRole('combobox', { name: 'Values' }), 'US{Enter}DE{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[country]')).toBe('US,DE'));
    expect(screen.getByRole('list', { name: 'Filters' })).toHaveTextContent('Country: US, DE');
    expect(decodeURIComponent(current())).toContain('filter[country]=US,DE');
  });

  it('refuses filter values the dimension cannot have, at the field', async () => {
    renderTrends(week, []);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Filter by' }));
    await user.click(await screen.findByRole('option', { name: 'Day of week' }));
    await user.type(screen.getByRole('textbox', { name: 'Values' }), '9');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('textbox', { name: 'Values' })).toHaveAccessibleDescription(
      /“9” is not valid here: 1 \(Monday\) to 7/,
    );
  });

  it('shows a long period per day when hours would be too many, and says so', async () => {
    const requests: URL[] = [];
    renderTrends('/trends?period=custom&from=2026-01-01&to=2026-03-08&tz=UTC&per=hour', requests);
    expect(await screen.findByText(/Shown per day: per hour covers at most 41 days/)).toBeInTheDocument();
    await waitFor(() => expect(requests[0]?.searchParams.get('groupBy')).toBe('day'));
  });

  it('offers a hide-profit user only the metrics the server sends', async () => {
    renderTrends(week, [], true);
    await screen.findByRole('img', { name: /^Clicks per day/ });
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Chart' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toContain('Cost');
    expect(options).not.toContain('Profit');
    expect(options).not.toContain('Revenue');
  });
});
