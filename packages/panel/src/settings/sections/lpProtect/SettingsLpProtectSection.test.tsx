import { DEFAULT_LP_PROTECT, LP_SECRET_PLACEHOLDER, type LpProtectSettings } from '@cairn/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../../app/testing.ts';

function renderSection(role: string, ...routes: Route[]) {
  let stored: LpProtectSettings = DEFAULT_LP_PROTECT;
  const bodies: unknown[] = [];
  renderApp('/settings/lp-protect', [
    ...signedInAs({ role }),
    ...routes,
    on('GET', '/api/settings/lp-protect', () => json(stored)),
    on('PUT', '/api/settings/lp-protect', async (request) => {
      stored = (await request.json()) as LpProtectSettings;
      bodies.push(stored);
      return json(stored);
    }),
  ]);
  return bodies;
}

describe('settings/lp-protect', { timeout: 20_000 }, () => {
  it('saves the default, the key lifetime and the answer, and shows the checks for it', async () => {
    const bodies = renderSection('admin');
    expect(await screen.findByRole('heading', { name: 'LP protect', level: 2 })).toBeInTheDocument();
    expect(document.title).toBe('LP protect - Settings - Cairn');
    const byDefault = await screen.findByRole('switch', { name: 'Protect new landers by default' });
    expect(byDefault).not.toBeChecked();
    const lifetime = screen.getByRole('spinbutton', { name: 'Key lifetime' });
    expect(lifetime).toHaveValue('60');
    expect(screen.getByRole('radio', { name: 'Not found (404)' })).toBeChecked();
    expect(screen.getByText(/<\?php/).textContent).toContain('http_response_code(404);');
    expect(screen.getByText(/<\?php/).textContent).toContain(`$cairnSecret = '${LP_SECRET_PLACEHOLDER}';`);

    const user = userEvent.setup();
    await user.click(byDefault);
    await user.clear(lifetime);
    await user.type(lifetime, '30');
    await user.click(screen.getByRole('radio', { name: 'Redirect to another address' }));
    await user.type(screen.getByRole('textbox', { name: 'Redirect URL' }), 'https://safe.example/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          defaultOn: true,
          keyLifetimeMinutes: 30,
          unprotectedAction: 'redirect',
          redirectUrl: 'https://safe.example/',
          safePageHtml: '',
        },
      ]),
    );
    expect(await screen.findByText(/LP protect saved/)).toBeInTheDocument();
    // Reloaded from what the server stored: the form and the checks follow it.
    await waitFor(() =>
      expect(screen.getByText(/<\?php/).textContent).toContain(
        "header('Location: ' . 'https://safe.example/'",
      ),
    );
    expect(screen.getByText(/module\.exports/).textContent).toContain(
      'res.setHeader(\'Location\', "https://safe.example/");',
    );
    expect(screen.getByRole('switch', { name: 'Protect new landers by default' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Key lifetime' })).toHaveValue('30');
  });

  it("shows the server's refusals at their fields", async () => {
    renderSection(
      'super_admin',
      on('PUT', '/api/settings/lp-protect', () =>
        json(
          {
            message: 'Invalid request',
            errors: [{ message: 'At least 5 minutes', detail: { field: 'keyLifetimeMinutes' } }],
          },
          400,
        ),
      ),
    );
    const lifetime = await screen.findByRole('spinbutton', { name: 'Key lifetime' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(lifetime).toHaveAccessibleDescription(expect.stringContaining('At least 5 minutes')),
    );
  });

  it('rotates every lander’s secret after a warning', async () => {
    let rotations = 0;
    renderSection(
      'admin',
      on('POST', '/api/settings/lp-protect/rotate', () => {
        rotations += 1;
        return json({ rotated: 3 });
      }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rotate all secrets' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/pasted check must then be updated/);
    expect(rotations).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rotate all secrets' }));
    expect(await screen.findByText(/3 landers got a new secret/)).toBeInTheDocument();
    expect(rotations).toBe(1);
  });

  it('is no tab of a plain user', async () => {
    renderSection('user');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.queryByRole('link', { name: 'LP protect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate all secrets' })).toBeNull();
  });
});
