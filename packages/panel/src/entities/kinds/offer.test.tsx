import { TRACKING_API_PATHS } from '@cairn/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, offerItem, on, signedInAs } from '../../app/testing.ts';

// An offer's daily caps: the form's fields and what the list and the form say about today's counts.

const emptyList = () => json({ items: [], total: 0, page: 1, pageSize: 50 });
const capped = { ...offerItem(7, 'Keto DE'), dailyCap: 5, capFallbackOfferId: 8 };
const fallback = offerItem(8, 'Keto AT');
const capsAnswer = () =>
  json({
    offers: [{ offerId: 7, conversions: 5, clicks: 41, dailyCap: 5, dailyClickCap: null, capped: true }],
  });
const routes = [
  ...signedInAs(),
  on('GET', '/api/group', emptyList),
  on('GET', '/api/affiliate_network', emptyList),
  on('GET', '/api/audit_log', () => json({ items: [], total: 0, page: 1, pageSize: 20 })),
  on('GET', TRACKING_API_PATHS.offerCaps, capsAnswer),
];

describe('offer caps', { timeout: 20_000 }, () => {
  it("shows today's count against the cap in the offers list", async () => {
    renderApp('/offers', [
      ...routes,
      on('GET', '/api/offer', () => json({ items: [capped, fallback], total: 2, page: 1, pageSize: 50 })),
    ]);
    expect(await screen.findByText('5/5 today — capped')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Cap/ })).toBeInTheDocument();
  });

  it('edits the click cap and the fallback with their help, and shows the state under the fields', async () => {
    const bodies: unknown[] = [];
    renderApp('/offers/edit/7', [
      ...routes,
      on('GET', '/api/offer/7', () => json(capped)),
      on('GET', '/api/offer/8', () => json(fallback)),
      on('GET', '/api/offer', () => json({ items: [capped, fallback], total: 2, page: 1, pageSize: 50 })),
      on('PUT', '/api/offer/7', async (request) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return json({ ...capped, ...body });
      }),
    ]);
    const clickCap = await screen.findByRole('spinbutton', { name: 'Daily click cap' });
    expect(clickCap).toHaveAccessibleDescription(expect.stringContaining('Clicks a day'));
    expect(screen.getByRole('spinbutton', { name: 'Daily conversion cap' })).toHaveValue('5');
    expect(screen.getByRole('combobox', { name: 'When capped, send to' })).toHaveAccessibleDescription(
      expect.stringContaining('clicks still go to this offer'),
    );
    expect(await screen.findByText(/Today against the caps: 5\/5 today/)).toBeInTheDocument();
    expect(screen.getByText('Capped until midnight')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(clickCap);
    await user.paste('100');
    await user.click(screen.getByRole('button', { name: /^Save/ }));
    await waitFor(() =>
      expect(bodies).toEqual([
        expect.objectContaining({ dailyCap: 5, dailyClickCap: 100, capFallbackOfferId: 8 }),
      ]),
    );
  });
});
