import type { ConversionDelivery, ConversionRow } from '@cairn/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../app/testing.ts';
import { namesRoute, statsSettingsRoutes } from '../reports/testData.ts';
import { deliveriesText } from './Deliveries.tsx';
import { conversion } from './testData.ts';

// The S2S column of the conversions page when a conversion also went to ad platforms: each destination
// in words, and a Retry for each failing one that retries that destination.

const delivery = (fields: Partial<ConversionDelivery>): ConversionDelivery => ({
  destination: 's2s',
  state: 'delivered',
  attempts: 1,
  lastStatus: 200,
  lastError: null,
  lastAttemptAt: '2026-03-02T10:30:01.000Z',
  deliveredAt: '2026-03-02T10:30:01.000Z',
  ...fields,
});

const fanned = (): ConversionRow => ({
  ...conversion('c0', { payout: 12_500_000 }),
  deliveries: [
    delivery({}),
    delivery({
      destination: 'meta',
      state: 'pending',
      attempts: 5,
      lastStatus: null,
      lastError: 'Error: connect ECONNREFUSED 203.0.113.9:443',
      deliveredAt: null,
    }),
    delivery({
      destination: 'google_ads',
      state: 'failed',
      attempts: 9,
      lastStatus: null,
      deliveredAt: null,
    }),
    delivery({
      destination: 'tiktok',
      state: 'pending',
      attempts: 0,
      lastStatus: null,
      lastAttemptAt: null,
      deliveredAt: null,
    }),
  ],
});

function renderPage(routes: Route[], role = 'super_admin') {
  return renderApp('/conversions', [
    ...signedInAs({ role }),
    ...statsSettingsRoutes({ timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: {} }),
    namesRoute('campaign', [{ id: 3, name: 'Summer sale' }]),
    on('GET', '/api/conversions', () => json({ rows: [fanned()], nextCursor: null })),
    ...routes,
  ]);
}

describe("a conversion's deliveries", () => {
  it('reads each destination in words, the S2S postback alone as before', () => {
    expect(deliveriesText(fanned())).toBe(
      'S2S postback: Delivered; Meta: Failing (5 tries): connection refused; Google Ads: Failed (9 tries); TikTok: Pending',
    );
    expect(deliveriesText(conversion('c1'))).toBe('Delivered');
  });

  it('retries the failing destination it is next to, and only failing ones', async () => {
    const retries: URL[] = [];
    renderPage([
      on('POST', '/api/conversions/c0/1/s2s/retry', (request) => {
        retries.push(new URL(request.url));
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
    const grid = await screen.findByRole('grid', { name: 'Conversions' });
    const list = await within(grid).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'S2S postback: Delivered ',
      'Meta: Failing (5 tries): connection refused Retry',
      'Google Ads: Failed (9 tries) Retry',
      'TikTok: Pending ',
    ]);
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Retry Meta', 'Retry Google Ads']);
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Retry Google Ads' }));
    expect(await within(list).findByRole('button', { name: 'Retry Google Ads queued' })).toBeDisabled();
    expect(retries.map((url) => url.searchParams.get('destination'))).toEqual(['google_ads']);
  });

  it('offers no retry to a plain user', async () => {
    renderPage([], 'user');
    const grid = await screen.findByRole('grid', { name: 'Conversions' });
    const list = await within(grid).findByRole('list');
    expect(list).toHaveTextContent('Meta: Failing (5 tries)');
    expect(within(list).queryByRole('button')).toBeNull();
  });
});
