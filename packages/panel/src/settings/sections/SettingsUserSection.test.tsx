import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderApp.tsx';
import { json, on, type Route } from '../../app/testing.ts';

function renderUserSettings(...routes: Route[]) {
  return renderApp('/settings/user', [
    on('GET', '/api/user/role', () => json({ id: '1', role: 'admin', username: 'ann' })),
    on('GET', '/api/auth/secret', () => json({ secret: 'link-secret-1' })),
    ...routes,
  ]).server;
}

describe('settings/user', () => {
  it('turns two-factor sign-in on with a QR code, then off with a code', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const sent: unknown[] = [];
    renderUserSettings(
      on('GET', '/api/user/two_factor', () => json({ enabled, pending: false })),
      on('POST', '/api/user/two_factor/enable', () =>
        json({
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Cairn:ann?secret=JBSWY3DPEHPK3PXP&issuer=Cairn',
        }),
      ),
      on('POST', '/api/user/two_factor/confirm', async (request) => {
        sent.push(await request.json());
        enabled = true;
        return json({ status: 'ok' });
      }),
      on('POST', '/api/user/two_factor/disable', async (request) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '654321') return json({ message: 'Wrong or already used two-factor code' }, 400);
        enabled = false;
        return json({ status: 'ok' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const qr = await screen.findByRole('img', { name: 'Two-factor QR code' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('On: sign-in asks for a code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ code: '123456' }]);

    const offCode = screen.getByLabelText('Code to turn it off');
    await user.type(offCode, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong or already used two-factor code');
    await user.clear(offCode);
    await user.type(offCode, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Off.')).toBeInTheDocument();
  });

  it('checks the new password locally before sending it, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const server = renderUserSettings(
      on('GET', '/api/user/two_factor', () => json({ enabled: false, pending: false })),
      on('POST', '/api/user/password', () =>
        json(
          {
            message: 'The current password is wrong',
            errors: [{ message: 'The current password is wrong' }],
          },
          400,
        ),
      ),
    );
    await user.type(await screen.findByLabelText('Current password'), 'old');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Repeat the new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password must be at least 8 characters');

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long enough 1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The new passwords do not match');
    expect(server.calls).not.toContain('POST /api/user/password');

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'long enough 1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong');
  });

  it('shows the read-only link secret', async () => {
    renderUserSettings(on('GET', '/api/user/two_factor', () => json({ enabled: false, pending: false })));
    expect(await screen.findByDisplayValue('link-secret-1')).toBeInTheDocument();
  });
});
