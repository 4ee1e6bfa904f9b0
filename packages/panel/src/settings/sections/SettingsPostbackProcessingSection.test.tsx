import { DEFAULT_POSTBACK_PROCESSING } from '@cairn/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route, signedInAs } from '../../app/testing.ts';

function renderSection(role: string, ...routes: Route[]) {
  return renderApp('/settings/postback-processing', [
    ...signedInAs({ role }),
    ...routes,
    on('GET', '/api/settings/postback-processing', () => json(DEFAULT_POSTBACK_PROCESSING)),
  ]);
}

describe('settings/postback-processing', () => {
  it('saves the defaults for unknown and missing statuses, repeated postbacks and the pixel', async () => {
    const bodies: unknown[] = [];
    renderSection(
      'admin',
      on('PUT', '/api/settings/postback-processing', async (request) => {
        const body = await request.json();
        bodies.push(body);
        return json(body);
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Postback processing', level: 2 })).toBeInTheDocument();
    expect(document.title).toBe('Postback processing - Settings - Cairn');
    const unknown = await screen.findByRole('combobox', { name: 'Unknown status' });
    expect(unknown).toHaveTextContent('Pending');
    expect(screen.getByRole('combobox', { name: 'Missing status' })).toHaveTextContent('Approved');
    expect(screen.getByRole('combobox', { name: 'Repeated postbacks' })).toHaveTextContent(
      'Ignore repeated postbacks',
    );
    const pixel = screen.getByRole('switch', { name: 'Conversion pixel records conversions' });
    expect(pixel).not.toBeChecked();
    const user = userEvent.setup();
    await user.click(unknown);
    await user.click(await screen.findByRole('option', { name: 'Declined' }));
    await user.click(screen.getByRole('combobox', { name: 'Repeated postbacks' }));
    await user.click(await screen.findByRole('option', { name: 'Add as a further conversion' }));
    await user.click(pixel);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          unknownStatus: 'declined',
          missingStatus: 'approved',
          duplicatePostbacks: 'add',
          pixelEnabled: true,
          // Sent back as loaded, so saving this form keeps the custom event slots.
          eventNames: [],
          networkEvents: [],
        },
      ]),
    );
    expect(await screen.findByText(/Postback processing saved/)).toBeInTheDocument();
  });

  it('shows what the server refuses at its field', async () => {
    renderSection(
      'super_admin',
      on('PUT', '/api/settings/postback-processing', () =>
        json(
          {
            message: 'Invalid request: missingStatus: Invalid option; pixelEnabled: Expected boolean',
            errors: [
              { message: 'Invalid option', detail: { field: 'missingStatus' } },
              { message: 'Expected boolean', detail: { field: 'pixelEnabled' } },
            ],
          },
          400,
        ),
      ),
    );
    const missing = await screen.findByRole('combobox', { name: 'Missing status' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(missing).toHaveAccessibleDescription(expect.stringContaining('Invalid option')),
    );
    expect(
      screen.getByRole('switch', { name: 'Conversion pixel records conversions' }),
    ).toHaveAccessibleDescription(expect.stringContaining('Expected boolean'));
  });

  it("shows the server's refusal to read them", async () => {
    renderApp('/settings/postback-processing', [
      ...signedInAs({ role: 'admin' }),
      on('GET', '/api/settings/postback-processing', () => json({ message: 'Permission denied' }, 403)),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Permission denied');
  });

  it('is no tab of a plain user, whom the server answers nothing', async () => {
    renderSection('user');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });
    expect(screen.queryByRole('link', { name: 'Postback processing' })).toBeNull();
    expect(
      screen.getByText('Your account may not see the postback processing settings.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Unknown status' })).toBeNull();
  });
});
