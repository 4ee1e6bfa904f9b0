import { REPORT_METRICS, type ReportMetric } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { metrics, namesRoute, range, statsSettingsRoutes } from './testData.ts';

// The report's comparison with the previous period (beta: report_period_comparison): the switch shows only
// while the installation has the feature on, and the changes come from the server's answer.

type Figures = Record<ReportMetric, number>;

function comparison(now: Figures, before: Figures) {
  const change = { ...now };
  const changePercent: Partial<Record<ReportMetric, number | null>> = {};
  for (const metric of REPORT_METRICS) {
    change[metric] = now[metric] - before[metric];
    changePercent[metric] = before[metric] === 0 ? null : (change[metric] / before[metric]) * 100;
  }
  return { previous: before, change, changePercent };
}

const ketoNow = metrics(1200, 30, 150_500_000, 96_000_000);
const ketoBefore = metrics(1000, 20, 100_000_000, 80_000_000);
const totalsNow = metrics(1200, 30, 150_500_000, 96_000_000);

function reportRoute(requests: URL[]): Route {
  return on('GET', '/api/report', (request) => {
    const url = new URL(request.url);
    requests.push(url);
    const row = { dimension: 'offer', value: 5, name: 'Keto EU', metrics: ketoNow };
    if (!url.searchParams.has('compare'))
      return json({ rows: [row], total: 1, nextOffset: null, totals: totalsNow, range });
    return json({
      rows: [{ ...row, comparison: comparison(ketoNow, ketoBefore) }],
      total: 1,
      nextOffset: null,
      totals: totalsNow,
      range,
      comparison: {
        range: { from: '2026-02-28T23:00:00.000Z', to: '2026-03-01T23:00:00.000Z' },
        totals: comparison(totalsNow, ketoBefore),
      },
    });
  });
}

function renderReport(beta: Record<string, boolean>, requests: URL[], address = '/report/campaign/3') {
  return renderApp(address, [
    ...signedInAs({ role: 'user' }),
    ...statsSettingsRoutes(),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    on('GET', '/api/settings/beta', () => json(beta)),
    reportRoute(requests),
  ]);
}

describe('report page: compare with the previous period', { timeout: 20_000 }, () => {
  it('offers no comparison while the beta feature is off', async () => {
    const requests: URL[] = [];
    renderReport({}, requests);
    const grid = await screen.findByRole('treegrid', { name: 'Report by Offer' });
    await within(grid).findByRole('row', { name: /Keto EU/ });
    expect(screen.queryByRole('switch', { name: 'Compare' })).not.toBeInTheDocument();
    expect(requests.every((url) => !url.searchParams.has('compare'))).toBe(true);
    const headers = within(grid)
      .queryAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toContain('Clicks');
    expect(headers).not.toContain('Clicks change');
  });

  it('shows each metric’s change, absolute and in percent, per row and in totals', async () => {
    const requests: URL[] = [];
    renderReport({ report_period_comparison: true }, requests);
    const toggle = await screen.findByRole('switch', { name: 'Compare' });
    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('compare')).toBe('previous'));
    const grid = screen.getByRole('treegrid', { name: 'Report by Offer' });
    const headers = () =>
      within(grid)
        .queryAllByRole('columnheader')
        .map((header) => header.textContent);
    await waitFor(() =>
      expect(headers()).toEqual(expect.arrayContaining(['Clicks change', 'Clicks change %'])),
    );
    expect(headers().indexOf('Clicks change')).toBe(headers().indexOf('Clicks') + 1);
    const keto = within(grid).getByRole('row', { name: /Keto EU/ });
    // 1,200 clicks against 1,000: +200, +20%.
    expect(keto).toHaveTextContent('200');
    expect(keto).toHaveTextContent('20.0%');
    const totalsRow = within(grid).getAllByRole('row').at(-1) as HTMLElement;
    expect(totalsRow).toHaveTextContent('Total');
    expect(totalsRow).toHaveTextContent('20.0%');

    await user.click(toggle);
    await waitFor(() => expect(headers()).not.toContain('Clicks change'));
  });

  it('compares with a chosen range, sent as dates in the report zone, with the same counting', async () => {
    const requests: URL[] = [];
    renderReport(
      { report_period_comparison: true },
      requests,
      '/report/campaign/3?period=custom&from=2026-03-10&to=2026-03-12&tz=Europe/Berlin&conversions=click',
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Compare' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('compare')).toBe('previous'));
    await user.click(screen.getByRole('combobox', { name: 'Compare with' }));
    await user.click(await screen.findByRole('option', { name: 'Custom range' }));
    // The three days before are where a chosen range starts.
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('compare')).toBe('custom'));
    expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toMatchObject({
      compareFrom: '2026-03-07',
      compareTo: '2026-03-09',
      from: '2026-03-10',
      to: '2026-03-12',
      timezone: 'Europe/Berlin',
      conversionTime: 'click',
    });
    expect(screen.getByRole('button', { name: /Comparison period/ })).toBeInTheDocument();
    const grid = screen.getByRole('treegrid', { name: 'Report by Offer' });
    const keto = await within(grid).findByRole('row', { name: /Keto EU/ });
    await waitFor(() => expect(keto).toHaveTextContent('20.0%'));
  });
});
