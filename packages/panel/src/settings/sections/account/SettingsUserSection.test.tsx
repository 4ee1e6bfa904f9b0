import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../app/renderApp.tsx';
import { json, on, type Route } from '../../../app/testing.ts';

const rightPassword = 'right password';
const tooMany = 'Too many sign-in attempts, try again later';

function renderUserSettings(...routes: Route[]) {
  // The first route that answers wins: a test's own come first.
  return renderApp('/settings/user', [
    ...routes,
    on('GET', '/api/user/role', () => json({ id: '1', role: 'admin', username: 'ann' })),
    on('GET', '/api/auth/secret', () => json({ secret: 'link-secret-1' })),
    on('GET', '/api/user/two_factor', () => json({ enabled: false, pending: false })),
  ]).server;
}

/** A refusal the way the server words it: a summary, and the item naming the field. */
function refusal(field: string, message: string) {
  return json(
    { message: `Invalid request: ${field}: ${message}`, errors: [{ message, detail: { field } }] },
    400,
  );
}

function tooManyTries() {
  return new Response(JSON.stringify({ message: tooMany }), {
    status: 429,
    headers: { 'content-type': 'application/json', 'retry-after': '300' },
  });
}

/** The server's check of the current password, recording each body that passes it. */
function checkingPassword(path: string, sent: unknown[], answer: (body: Record<string, string>) => Response) {
  return on('POST', path, async (request) => {
    const body = (await request.json()) as Record<string, string>;
    if (body.currentPassword !== rightPassword)
      return refusal('currentPassword', 'The current password is wrong');
    sent.push(body);
    return answer(body);
  });
}

async function region(name: string) {
  return within(await screen.findByRole('region', { name }));
}

const currentPassword = (card: ReturnType<typeof within>) => card.getByLabelText(/^Current password/);

describe('settings/user', () => {
  it('turns two-factor sign-in on with the current password and a QR code, then off with a code and the password', async () => {
    const user = userEvent.setup();
    let enabled = false;
    let offTries = 0;
    const sent: unknown[] = [];
    const server = renderUserSettings(
      on('GET', '/api/user/two_factor', () => json({ enabled, pending: false })),
      checkingPassword('/api/user/two_factor/enable', sent, () =>
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
        offTries += 1;
        if (offTries === 3) return tooManyTries();
        const body = (await request.json()) as Record<string, string>;
        if (body.code !== '654321') return refusal('code', 'Wrong or already used two-factor code');
        if (body.currentPassword !== rightPassword) {
          return refusal('currentPassword', 'The current password is wrong');
        }
        sent.push(body);
        enabled = false;
        return json({ status: 'ok' });
      }),
    );
    const card = await region('Two-factor sign-in');
    const turnOn = card.getByRole('button', { name: 'Turn on two-factor sign-in' });
    const password = currentPassword(card);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');

    await user.click(turnOn);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Current password is required');
    expect(password).toHaveFocus();
    expect(server.calls).not.toContain('POST /api/user/two_factor/enable');

    await user.type(password, 'wrong password');
    await user.click(turnOn);
    expect(await card.findByText('The current password is wrong')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('The current password is wrong');
    expect(password).toHaveValue('');
    expect(card.queryByRole('alert')).toBeNull();

    await user.type(password, rightPassword);
    await user.click(turnOn);
    const qr = await card.findByRole('img', { name: 'Two-factor QR code' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(card.getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await user.type(card.getByLabelText(/^Code from the app/), '123456');
    await user.click(card.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('On: sign-in asks for a code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: rightPassword }, { code: '123456' }]);

    const offCode = card.getByLabelText(/^Code to turn it off/);
    const offPassword = currentPassword(card);
    const turnOff = card.getByRole('button', { name: 'Turn off two-factor sign-in' });
    await user.type(offCode, '000000');
    await user.click(turnOff);
    expect(offPassword).toHaveAccessibleDescription('Current password is required');
    expect(offTries).toBe(0);

    await user.type(offPassword, rightPassword);
    await user.click(turnOff);
    expect(await card.findByText('Wrong or already used two-factor code')).toBeInTheDocument();
    expect(offCode).toHaveAccessibleDescription('Wrong or already used two-factor code');
    expect(offPassword).toHaveValue('');

    await user.clear(offCode);
    await user.type(offCode, '654321');
    await user.type(offPassword, 'wrong password');
    await user.click(turnOff);
    expect(await card.findByText('The current password is wrong')).toBeInTheDocument();
    expect(offPassword).toHaveAccessibleDescription('The current password is wrong');
    expect(offCode).not.toHaveAttribute('aria-invalid');

    await user.type(offPassword, rightPassword);
    await user.click(turnOff);
    expect(await card.findByRole('alert')).toHaveTextContent(tooMany);
    expect(offPassword).not.toHaveAttribute('aria-invalid');

    await user.type(offPassword, rightPassword);
    await user.click(turnOff);
    expect(await screen.findByText('Off.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ code: '654321', currentPassword: rightPassword });
    expect(currentPassword(card)).toHaveValue('');
  });

  it('shows a wrong setup code at the code field', async () => {
    const user = userEvent.setup();
    renderUserSettings(
      on('POST', '/api/user/two_factor/enable', () => json({ secret: 'S', otpauthUri: 'otpauth://totp/x' })),
      on('POST', '/api/user/two_factor/confirm', () => refusal('code', 'Wrong two-factor code')),
    );
    const card = await region('Two-factor sign-in');
    await user.type(currentPassword(card), rightPassword);
    await user.click(card.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    const code = await card.findByLabelText(/^Code from the app/);
    await user.type(code, '12345');
    await user.click(card.getByRole('button', { name: 'Confirm' }));
    expect(code).toHaveAccessibleDescription('The code is 6 digits');
    await user.type(code, '6');
    await user.click(card.getByRole('button', { name: 'Confirm' }));
    expect(await card.findByText('Wrong two-factor code')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription('Wrong two-factor code');
    expect(code).toHaveFocus();
  });

  it('checks the new password locally before sending it, and shows each server refusal at its field', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const server = renderUserSettings(
      checkingPassword('/api/user/password', sent, (body) =>
        body.newPassword === 'password123'
          ? refusal('newPassword', 'This password is one of the most common ones; choose another')
          : json({ status: 'ok' }),
      ),
    );
    const card = await region('Password');
    const current = currentPassword(card);
    const next = card.getByLabelText(/^New password/);
    const repeat = card.getByLabelText(/^Repeat the new password/);
    const submit = card.getByRole('button', { name: 'Change password' });
    await user.type(next, 'short');
    await user.type(repeat, 'short');
    await user.click(submit);
    expect(current).toHaveAccessibleDescription('Current password is required');
    expect(next).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters'),
    );
    expect(current).toHaveFocus();

    await user.type(current, 'old');
    await user.clear(next);
    await user.type(next, 'long enough 1');
    await user.click(submit);
    expect(repeat).toHaveAccessibleDescription('The new passwords do not match');
    expect(server.calls).not.toContain('POST /api/user/password');

    await user.clear(next);
    await user.type(next, 'password123');
    await user.clear(repeat);
    await user.type(repeat, 'password123');
    await user.click(submit);
    expect(await card.findByText('The current password is wrong')).toBeInTheDocument();
    expect(current).toHaveAccessibleDescription('The current password is wrong');
    expect(current).toHaveValue('');

    await user.type(current, rightPassword);
    await user.click(submit);
    const common = 'This password is one of the most common ones; choose another';
    expect(await card.findByText(common)).toBeInTheDocument();
    expect(next).toHaveAccessibleDescription(expect.stringContaining(common));
    expect(next).toHaveFocus();
    expect(card.queryByRole('alert')).toBeNull();

    await user.type(current, rightPassword);
    await user.clear(next);
    await user.type(next, 'long enough 2');
    await user.clear(repeat);
    await user.type(repeat, 'long enough 2');
    await user.click(submit);
    expect(await screen.findByText(/Password changed/)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ currentPassword: rightPassword, newPassword: 'long enough 2' });
    expect(next).not.toHaveAttribute('aria-invalid');
    for (const field of [current, next, repeat]) expect(field).toHaveValue('');
  });

  it('issues a new read-only link secret only with the current password', async () => {
    const user = userEvent.setup();
    let secret = 'link-secret-1';
    let tries = 0;
    const sent: unknown[] = [];
    const server = renderUserSettings(
      on('GET', '/api/auth/secret', () => json({ secret })),
      on('POST', '/api/auth/secret/rotate', async (request) => {
        tries += 1;
        if (tries === 2) return tooManyTries();
        const body = (await request.json()) as Record<string, string>;
        if (body.currentPassword !== rightPassword) {
          return refusal('currentPassword', 'The current password is wrong');
        }
        sent.push(body);
        secret = 'link-secret-2';
        return json({ secret });
      }),
    );
    expect(await screen.findByDisplayValue('link-secret-1')).toBeInTheDocument();
    const card = await region('Read-only links');
    const password = currentPassword(card);
    const issue = card.getByRole('button', { name: 'Issue a new secret' });
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.click(issue);
    expect(password).toHaveAccessibleDescription('Current password is required');
    expect(server.calls).not.toContain('POST /api/auth/secret/rotate');

    await user.type(password, 'wrong password');
    await user.click(issue);
    expect(await card.findByText('The current password is wrong')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('The current password is wrong');
    expect(password).toHaveValue('');

    await user.type(password, rightPassword);
    await user.click(issue);
    expect(await card.findByRole('alert')).toHaveTextContent(tooMany);
    expect(password).not.toHaveAttribute('aria-invalid');

    await user.type(password, rightPassword);
    await user.click(issue);
    expect(await screen.findByDisplayValue('link-secret-2')).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: rightPassword }]);
    expect(password).toHaveValue('');
    expect(card.queryByRole('alert')).toBeNull();
  });
});
