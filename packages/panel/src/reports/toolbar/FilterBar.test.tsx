import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../app/testing.ts';
import { metrics, namesRoute, statsSettingsRoutes } from '../testData.ts';
import { filterValueProblem, resolveTyped } from './FilterBar.tsx';

// Filters by name: values seen in the period offered by name, a typed name resolved to what the events
// hold, and what cannot match refused with what it stands for.

describe('filter values', () => {
  it('refuses a country by its name with the code it stands for, never a filter that matches nothing', () => {
    expect(filterValueProblem('country', ['United States'])).toBe(
      '“United States” is not valid here: two-letter country codes such as US (try “US”)',
    );
    expect(filterValueProblem('country', ['Atlantis'])).toBe(
      '“Atlantis” is not valid here: two-letter country codes such as US',
    );
    expect(filterValueProblem('country', ['US', 'DE'])).toBeUndefined();
    expect(filterValueProblem('offer', ['Buyer Offer B'])).toBe(
      'No offer is named “Buyer Offer B”: pick one from the list',
    );
  });

  it('resolves a typed name to the one value offered under it', () => {
    const offered = [
      { value: 'US', label: 'United States (US)', keywords: 'United States' },
      { value: '7', label: 'Buyer Offer B', keywords: '7' },
    ];
    expect(resolveTyped('united states', offered)).toBe('US');
    expect(resolveTyped('Buyer Offer B', offered)).toBe('7');
    expect(resolveTyped('Atlantis', offered)).toBe('Atlantis');
  });
});

describe('filter pickers', () => {
  const period = '/trends?period=custom&from=2026-03-02&to=2026-03-08&tz=UTC';

  function renderTrends(requests: URL[]) {
    return renderApp(period, [
      ...signedInAs({}),
      ...statsSettingsRoutes({ timezone: 'UTC', baseCurrency: 'USD', rates: {} }),
      namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
      namesRoute('offer', [{ id: 7, name: 'Buyer Offer B' }]),
      on('GET', '/api/report/values', (request) => {
        const url = new URL(request.url);
        requests.push(url);
        return json({
          values: [
            { value: 'US', name: 'United States', clicks: 40 },
            { value: 'DE', name: 'Germany', clicks: 12 },
          ],
          more: false,
        });
      }),
      on('GET', '/api/report', (request) => {
        requests.push(new URL(request.url));
        return json({ rows: [], totals: metrics(0, 0, 0, 0), range: { from: null, to: null } });
      }),
    ]);
  }

  it('offers the countries seen in the period by name and filters by their codes', async () => {
    const requests: URL[] = [];
    renderTrends(requests);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Values' }));
    await user.click(await screen.findByRole('option', { name: 'United States (US)' }));
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[country]')).toBe('US'));
    const asked = requests.find((url) => url.pathname === '/api/report/values');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toMatchObject({
      dimension: 'country',
      preset: 'custom',
      from: '2026-03-02',
      to: '2026-03-08',
    });
  });

  it('refuses a country name seen nowhere in the period, with its code', async () => {
    renderTrends([]);
    const user = userEvent.setup();
    const values = await screen.findByRole('combobox', { name: 'Values' });
    await user.type(values, 'France{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(values).toHaveAccessibleDescription(/“France” is not valid here: .* \(try “FR”\)/);
    expect(screen.queryByRole('list', { name: 'Filters' })).toBeNull();
  });

  it('offers offers by name and filters by their ids', async () => {
    const requests: URL[] = [];
    renderTrends(requests);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Filter by' }));
    await user.click(await screen.findByRole('option', { name: 'Offer' }));
    await user.type(screen.getByRole('combobox', { name: 'Values' }), 'Buyer');
    const listbox = await screen.findByRole('listbox');
    await user.click(await within(listbox).findByRole('option', { name: 'Buyer Offer B' }));
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('filter[offer]')).toBe('7'));
  });
});
