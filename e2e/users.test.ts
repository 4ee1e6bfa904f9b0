import type { Page } from 'playwright';
import { describe, expect, it } from 'vitest';
import { adminLogin, e2eSuite, waitForTitle } from './support.ts';

// User management in Chromium against the real server: an admin who may create users, the list with the
// one super-admin, and a disabled user who can no longer sign in. The steps build on each other.

const e2e = e2eSuite({ session: true });

interface ManagedUser {
  id: number;
  login: string;
  role: string;
  canCreateUsers: boolean;
  hideProfit: boolean;
  disabled: boolean;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let opsId = 0;

describe('users', () => {
  it('creates an admin who may create users, with the hide-profit flag', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/users/create');
    await waitForTitle(page, 'New user - Cairn');
    await page.getByRole('textbox', { name: 'Login', exact: true }).fill('ops');
    await page.getByLabel('Password', { exact: true }).fill('ops password 1');
    // Permissions are for plain users: choosing Admin swaps them for can-create-users.
    await page.getByRole('table', { name: 'Permissions' }).waitFor();
    await choose(page, 'Role', 'Admin');
    await page.getByRole('table', { name: 'Permissions' }).waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: 'Can create users' }).click();
    await page.getByRole('switch', { name: 'Hide profit' }).click();
    await page.getByRole('button', { name: 'Create user', exact: true }).click();
    await page.waitForURL(/\/panel\/users\/edit\/\d+$/);
    opsId = Number(new URL(page.url()).pathname.split('/').pop());
    const ops = await apiGet<ManagedUser>(page, `/api/user/${opsId}`);
    expect(ops).toMatchObject({ login: 'ops', role: 'admin', canCreateUsers: true, hideProfit: true });
    expect(ops).not.toHaveProperty('password');
  });

  it('lists the users with the one super-admin', async () => {
    const { page } = e2e.session;
    await page.goto('/panel/users');
    const grid = page.getByRole('grid', { name: 'Users' });
    const adminRow = grid
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: adminLogin, exact: true }) });
    await adminRow.getByText('Super-admin').waitFor();
    const opsRow = grid
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'ops', exact: true }) });
    await opsRow.getByText('Admin', { exact: true }).waitFor();
  });

  it('disables a user, who then cannot sign in', async () => {
    const { page } = e2e.session;
    await page.goto(`/panel/users/edit/${opsId}`);
    await page.getByRole('switch', { name: 'Disabled' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('User "ops" saved').first().waitFor();
    expect((await apiGet<ManagedUser>(page, `/api/user/${opsId}`)).disabled).toBe(true);

    const ops = await e2e.signIn({ login: 'ops', password: 'ops password 1' });
    await ops.page.getByRole('alert').first().waitFor();
    expect(new URL(ops.page.url()).pathname).toBe('/panel/login');
    expect(e2e.session.errors).toEqual([]);
  });
});
