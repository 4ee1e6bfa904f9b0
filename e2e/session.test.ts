import { describe, expect, it } from 'vitest';
import {
  adminLogin,
  adminPassword,
  e2eSuite,
  panelAddress,
  signInThroughForm,
  waitForTitle,
} from './support.ts';

const e2e = e2eSuite();

describe('signing in and out', () => {
  it('sends a visitor to sign-in, signs in to campaigns, and logs out', async () => {
    const { page, errors } = await e2e.open();
    await page.goto('/panel/');
    await page.waitForURL('**/panel/login');
    await waitForTitle(page, 'Sign in - Cairn');

    await signInThroughForm(page, adminLogin, adminPassword);
    await page.waitForURL('**/panel/campaigns');
    await page.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
    await waitForTitle(page, 'Campaigns - Cairn');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/panel/login');

    // The session is really gone: a protected page sends the visitor back to sign-in.
    await page.goto('/panel/offers');
    await page.waitForURL('**/panel/login?returnTo=%2Foffers');
    expect(errors).toEqual([]);
  });

  it('returns to the requested page after sign-in', async () => {
    const { page } = await e2e.open();
    await page.goto('/panel/offers/edit/12?tab=payout');
    await page.waitForURL((url) => url.pathname === '/panel/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/offers/edit/12?tab=payout');
    await signInThroughForm(page, adminLogin, adminPassword);
    await page.waitForURL('**/panel/offers/edit/12?tab=payout');
    expect(panelAddress(page)).toBe('/panel/offers/edit/12?tab=payout');
    await waitForTitle(page, 'Edit offer - Cairn');
  });

  it('ignores a returnTo pointing outside the panel', async () => {
    const { page } = await e2e.signIn(undefined, '//evil.example/phish');
    await page.waitForURL('**/panel/campaigns');
    expect(new URL(page.url()).host).toBe(new URL(e2e.server.url).host);
  });

  it('changes the password on settings/user; the new one signs in, the old one no longer does', async () => {
    await e2e.server.users.create({ login: 'ann', password: 'first password 1', role: 'admin' });
    const { page } = await e2e.signIn({ login: 'ann', password: 'first password 1' }, '/settings/user');
    await waitForTitle(page, 'User - Settings - Cairn');
    // The two-factor and link-secret cards ask for the current password too: this is the password card's.
    const card = page.getByRole('region', { name: 'Password' });
    const newPassword = card.getByLabel(/^New password/);
    // A new password the rule refuses is said at its field.
    await card.getByLabel('Current password').fill('first password 1');
    await newPassword.fill('password123');
    await card.getByLabel('Repeat the new password').fill('password123');
    await card.getByRole('button', { name: 'Change password' }).click();
    await card.getByText('This password is one of the most common ones; choose another').waitFor();
    await expect(newPassword.getAttribute('aria-invalid')).resolves.toBe('true');

    await card.getByLabel('Current password').fill('first password 1');
    await newPassword.fill('second password 2');
    await card.getByLabel('Repeat the new password').fill('second password 2');
    await card.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.', { exact: false }).first().waitFor();

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/panel/login');
    await signInThroughForm(page, 'ann', 'first password 1');
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong username or password');
    await signInThroughForm(page, 'ann', 'second password 2');
    await page.waitForURL('**/panel/campaigns');
  });

  it('says so on a wrong password', async () => {
    const { page } = await e2e.signIn({ login: adminLogin, password: 'not the password' });
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Wrong username or password');
    expect(panelAddress(page)).toBe('/panel/login');
  });
});
