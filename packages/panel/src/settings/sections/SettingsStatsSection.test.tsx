import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';
import { ownTimeZoneKey } from '../../reports/settingsApi.ts';

const saved = { timezone: 'Europe/Berlin', baseCurrency: 'EUR', rates: { USD: 0.92 } };

function renderStats(role: string, ...routes: Route[]) {
  return renderApp('/settings/stats', [
    ...signedInAs({ role }),
    ...routes,
    on('GET', '/api/settings/stats', () => json(saved)),
  ]);
}

async function trackerCard() {
  const heading = await screen.findByRole('heading', { name: 'Time zone and currency' });
  return heading.closest('section') as HTMLElement;
}

describe('settings/stats', () => {
  it('shows a plain user the settings without letting them change them', async () => {
    renderStats('user');
    expect(await screen.findByText('Only admins change these settings.')).toBeInTheDocument();
    expect(document.title).toBe('Stats - Settings - Cairn');
    expect(screen.getByRole('combobox', { name: 'Tracker time zone' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a rate' })).toBeNull();
  });

  it("saves the tracker's zone, base currency and rates", async () => {
    const bodies: unknown[] = [];
    renderStats(
      'admin',
      on('PUT', '/api/settings/stats', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(body);
      }),
    );
    const card = await trackerCard();
    const zone = within(card).getByRole('combobox', { name: 'Tracker time zone' });
    expect(zone).toHaveValue('Europe/Berlin');
    expect(within(card).getByRole('combobox', { name: 'Base currency' })).toHaveValue('EUR');
    expect(within(card).getByRole('spinbutton', { name: '1 USD is worth' })).toHaveValue('0.92');
    const user = userEvent.setup();
    await user.clear(zone);
    await user.paste('Asia/Tokyo');
    await user.click(within(card).getByRole('button', { name: 'Add a rate' }));
    await user.click(within(card).getByRole('combobox', { name: 'Currency 2' }));
    await user.paste('gbp');
    await user.click(within(card).getByRole('spinbutton', { name: '1 GBP is worth' }));
    await user.paste('1.17');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { timezone: 'Asia/Tokyo', baseCurrency: 'EUR', rates: { USD: 0.92, GBP: 1.17 } },
      ]),
    );
    expect(await screen.findByText(/Stats settings saved/)).toBeInTheDocument();
  });

  it('checks what it can before sending, and shows what the server refuses at the field', async () => {
    const bodies: unknown[] = [];
    renderStats(
      'admin',
      on('PUT', '/api/settings/stats', async (request) => {
        bodies.push(await request.json());
        return json(
          {
            message: 'Invalid request: baseCurrency: Unknown currency',
            errors: [{ message: 'Unknown currency', detail: { field: 'baseCurrency' } }],
          },
          400,
        );
      }),
    );
    const card = await trackerCard();
    const user = userEvent.setup();
    const zone = within(card).getByRole('combobox', { name: 'Tracker time zone' });
    await user.clear(zone);
    await user.paste('Mars/Olympus');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(zone).toHaveAccessibleDescription(expect.stringContaining('Not an IANA time zone'));
    expect(bodies).toEqual([]);
    await user.clear(zone);
    await user.paste('UTC');
    const currency = within(card).getByRole('combobox', { name: 'Base currency' });
    await user.clear(currency);
    await user.paste('XYZ');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(currency).toHaveAccessibleDescription(expect.stringContaining('Unknown currency')),
    );
    expect(bodies).toHaveLength(1);
  });

  it("keeps the viewer's own zone in this browser, or the tracker's", async () => {
    renderStats('user');
    const own = await screen.findByRole('combobox', { name: "Your reports' time zone" });
    expect(screen.getByText("Your reports open in the tracker's zone, Europe/Berlin.")).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(own);
    await user.paste('Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(JSON.parse(localStorage.getItem(ownTimeZoneKey) ?? 'null')).toBe('Asia/Tokyo');
    expect(screen.getByText('Your reports open in Asia/Tokyo.')).toBeInTheDocument();
    await user.clear(own);
    await user.click(screen.getByRole('button', { name: 'Use' }));
    expect(localStorage.getItem(ownTimeZoneKey)).toBeNull();
  });
});
