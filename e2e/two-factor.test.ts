import { totpCode } from '@cairn/server';
import { describe, expect, it } from 'vitest';
import { adminLogin, adminPassword, e2eSuite, signInThroughForm, waitForTitle } from './support.ts';

// The server's clock is fixed so the test computes the same codes an authenticator app would.
let now = Date.parse('2026-05-01T10:00:00.000Z');
const e2e = e2eSuite({ server: { now: () => now } });

describe('two-factor sign-in', () => {
  it('is turned on with the current password and a QR code, asked for at sign-in, and turned off with a code and the password', async () => {
    const { page, errors } = await e2e.signIn(undefined, '/settings/user');
    await waitForTitle(page, 'User - Settings - Cairn');

    // Each change asks for the password again: a wrong one is refused at its field and typed anew.
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    const currentPassword = card.getByLabel('Current password');
    await currentPassword.fill('not the password');
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await card.getByText('The current password is wrong').waitFor();
    await expect(currentPassword.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(currentPassword.inputValue()).resolves.toBe('');

    await currentPassword.fill(adminPassword);
    await card.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await card.getByRole('img', { name: 'Two-factor QR code' }).waitFor();
    const secret = (await card.getByTestId('two-factor-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await card.getByLabel('Code from the app').fill(totpCode(secret, now));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('On: sign-in asks for a code from your authenticator app.').waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/panel/login');

    now += 60_000;
    await signInThroughForm(page, adminLogin, adminPassword);
    const codeField = page.getByLabel('Two-factor code');
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain(
      'Wrong or already used two-factor code',
    );

    await codeField.fill(totpCode(secret, now));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/panel/campaigns');
    await waitForTitle(page, 'Campaigns - Cairn');

    // A code of a later step: the one just used for sign-in may not be used again.
    now += 60_000;
    await page.goto('/panel/settings/user');
    await waitForTitle(page, 'User - Settings - Cairn');
    await card.getByLabel('Code to turn it off').fill(totpCode(secret, now));
    await card.getByLabel('Current password').fill(adminPassword);
    await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await card.getByText('Off.', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
