import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, signedInAs } from '../../../app/testing.ts';

describe('settings/beta', { timeout: 20_000 }, () => {
  it('lists the beta features with their descriptions and saves the switches', async () => {
    const bodies: unknown[] = [];
    renderApp('/settings/beta', [
      ...signedInAs({ role: 'admin' }),
      on('GET', '/api/settings/beta', () => json({})),
      on('PUT', '/api/settings/beta', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(body);
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Beta', level: 2 })).toBeInTheDocument();
    expect(document.title).toBe('Beta - Settings - Cairn');
    const toggle = await screen.findByRole('switch', { name: 'Compare with the previous period' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining('period of equal length'));
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ report_period_comparison: true }]));
    expect(await screen.findByText('Beta features saved.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Compare with the previous period' })).toBeChecked();
  });

  it("shows the server's refusal", async () => {
    renderApp('/settings/beta', [
      ...signedInAs({ role: 'admin' }),
      on('GET', '/api/settings/beta', () => json({ report_period_comparison: true })),
      on('PUT', '/api/settings/beta', () => json({ message: 'Permission denied' }, 403)),
    ]);
    const toggle = await screen.findByRole('switch', { name: 'Compare with the previous period' });
    expect(toggle).toBeChecked();
    const user = userEvent.setup();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Permission denied/)).toBeInTheDocument();
  });
});
