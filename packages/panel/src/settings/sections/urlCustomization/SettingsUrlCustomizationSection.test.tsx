import { DEFAULT_URL_CUSTOMIZATION } from '@cairn/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../../app/testing.ts';

function renderSection(role: string, ...routes: Route[]) {
  return renderApp('/settings/url-customization', [
    ...signedInAs({ role }),
    ...routes,
    on('GET', '/api/settings/url-customization', () => json(DEFAULT_URL_CUSTOMIZATION)),
  ]);
}

describe('settings/url-customization', { timeout: 20_000 }, () => {
  it('renames the tracking paths and sets the fallback for unroutable clicks', async () => {
    const bodies: unknown[] = [];
    renderSection(
      'admin',
      on('PUT', '/api/settings/url-customization', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(body);
      }),
    );
    expect(await screen.findByRole('heading', { name: 'URL customization', level: 2 })).toBeInTheDocument();
    expect(document.title).toBe('URL customization - Settings - Cairn');
    const click = await screen.findByRole('textbox', { name: 'Click path' });
    expect(click).toHaveValue('/click');
    expect(screen.getByRole('textbox', { name: 'Postback path' })).toHaveValue('/postback');
    expect(screen.getByRole('textbox', { name: 'Conversion pixel path' })).toHaveValue('/conversion.gif');
    const fallback = screen.getByRole('textbox', { name: 'Fallback URL' });
    expect(fallback).toHaveAccessibleDescription(expect.stringContaining('Empty: a plain 404 page'));

    const user = userEvent.setup();
    await user.clear(click);
    await user.type(click, '/go');
    await user.type(fallback, 'https://example.com/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          clickPath: '/go',
          postbackPath: '/postback',
          conversionPixelPath: '/conversion.gif',
          fallbackUrl: 'https://example.com/',
        },
      ]),
    );
    expect(await screen.findByText(/URL customization saved/)).toBeInTheDocument();
  });

  it("shows the server's refusals at their fields", async () => {
    renderSection(
      'super_admin',
      on('PUT', '/api/settings/url-customization', () =>
        json(
          {
            message: 'Invalid request',
            errors: [
              { message: "/postback is another endpoint's path", detail: { field: 'clickPath' } },
              {
                message: 'Enter an http(s) address, or leave it empty for a plain 404 page',
                detail: { field: 'fallbackUrl' },
              },
            ],
          },
          400,
        ),
      ),
    );
    const click = await screen.findByRole('textbox', { name: 'Click path' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(click).toHaveAccessibleDescription(
        expect.stringContaining("/postback is another endpoint's path"),
      ),
    );
    expect(screen.getByRole('textbox', { name: 'Fallback URL' })).toHaveAccessibleDescription(
      expect.stringContaining('Enter an http(s) address'),
    );
  });

  it('is no tab of a plain user', async () => {
    renderSection('user');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.queryByRole('link', { name: 'URL customization' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Click path' })).toBeNull();
  });
});
