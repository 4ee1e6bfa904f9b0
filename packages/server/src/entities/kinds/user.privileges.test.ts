import { API_PATHS, type ManagedUser, userPath } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import { type CallResult, TestBrowser } from '../../../test-support/server.ts';
import type { RunningCairn } from '../../index.ts';

// Privilege escalation through the user entity routes: who may change whose role, rights and secrets.

let cairn: RunningCairn;
let superUsers: KindClient;
let superBrowser: TestBrowser;
let superAdminId: number;

beforeAll(async () => {
  const started = await signedInAdmin();
  cairn = started.cairn;
  superBrowser = started.browser;
  superUsers = kindClient(started.browser, 'user');
  superAdminId = Number((await started.browser.get(API_PATHS.role)).json<{ id: string }>().id);
});
afterAll(async () => {
  await cairn.close();
});

async function make(login: string, fields: Record<string, unknown>): Promise<ManagedUser> {
  return superUsers.make<ManagedUser>({ login, password: `${login}-passphrase`, ...fields });
}

async function clientOf(login: string): Promise<{ users: KindClient; browser: TestBrowser }> {
  const browser = new TestBrowser(cairn.url);
  expect((await browser.signIn(login, `${login}-passphrase`)).status).toBe(200);
  return { users: kindClient(browser, 'user'), browser };
}

function refused(result: CallResult): string {
  expect(result.status).toBe(403);
  const message = result.json<{ message: string }>().message;
  expect(message).toMatch(/^Permission denied: ./);
  return message;
}

const current = async (id: number) => (await superUsers.get(id)).json<ManagedUser>();

describe('user writes', () => {
  it('need the can-create-users right: create, edit, mass edit, archive and delete', async () => {
    const target = await make('managed-plain', { role: 'user' });
    await make('no-rights-admin', { role: 'admin', canCreateUsers: false });
    const { users } = await clientOf('no-rights-admin');
    refused(await users.create({ login: 'nope', password: 'nope-passphrase' }));
    refused(await users.put(target.id, { ...target, notes: 'edited' }));
    refused(await users.mass([target.id], { hideProfit: true }));
    refused(await users.archive(target.id));
    refused(await users.remove(target.id));
    expect((await current(target.id)).notes).toBe('');
    // Reading stays open to admins.
    expect((await users.get(target.id)).status).toBe(200);
  });
});

describe('own privileges', () => {
  it('are changed by nobody through the user routes, the super-admin included', async () => {
    const self = await make('self-admin', { role: 'admin', canCreateUsers: true, hideProfit: true });
    const { users } = await clientOf('self-admin');
    expect(refused(await users.put(self.id, { ...self, hideProfit: false }))).toContain('your own');
    refused(await users.put(self.id, { ...self, role: 'user' }));
    refused(await users.put(self.id, { ...self, permissions: [{ kind: 'offer', scope: 'all' }] }));
    refused(await users.mass([self.id], { hideProfit: false }));
    refused(await users.mass([self.id], { canCreateUsers: false }));
    // The own password changes in Settings > User, which asks for the current one.
    refused(await users.put(self.id, { ...self, password: 'a-new-passphrase' }));
    refused(await (await clientOf('self-admin')).browser.post(userPath.twoFactorReset(self.id)));
    expect(await current(self.id)).toMatchObject({ hideProfit: true, canCreateUsers: true, role: 'admin' });
    // Harmless fields of the own record stay editable.
    expect((await users.put(self.id, { ...self, notes: 'mine' })).status).toBe(200);

    const superAdmin = await current(superAdminId);
    refused(await superUsers.put(superAdminId, { ...superAdmin, hideProfit: true }));
    refused(await superUsers.mass([superAdminId], { hideProfit: true }));
    refused(await superBrowser.post(userPath.twoFactorReset(superAdminId)));
  });
});

describe('admins', () => {
  it('are changed only by the super-admin: role, rights, hide-profit, permissions, password, two-factor', async () => {
    const other = await make('other-admin', { role: 'admin', canCreateUsers: true });
    const plain = await make('plain-member', { role: 'user' });
    await make('creator-admin', { role: 'admin', canCreateUsers: true });
    const { users, browser } = await clientOf('creator-admin');

    expect(refused(await users.put(other.id, { ...other, password: 'taken-over-pass' }))).toContain(
      'super-admin',
    );
    refused(await users.put(other.id, { ...other, canCreateUsers: false }));
    refused(await users.put(other.id, { ...other, hideProfit: true }));
    refused(await users.mass([other.id], { canCreateUsers: false }));
    refused(await users.mass([plain.id, other.id], { hideProfit: true }));
    refused(await browser.post(userPath.twoFactorReset(other.id)));
    refused(await users.remove(other.id));
    // Promoting a plain user, or creating an admin, is the super-admin's too.
    refused(await users.put(plain.id, { ...plain, role: 'admin' }));
    refused(await users.create({ login: 'new-admin', password: 'new-admin-passphrase', role: 'admin' }));
    expect(await current(other.id)).toMatchObject({ canCreateUsers: true, hideProfit: false });
    expect(await current(plain.id)).toMatchObject({ role: 'user', hideProfit: false });

    // Plain users are theirs to manage.
    expect((await users.put(plain.id, { ...plain, password: 'reset-by-admin-1' })).status).toBe(200);
    expect((await users.mass([plain.id], { hideProfit: true })).status).toBe(200);
    // And the super-admin changes any admin.
    expect((await superUsers.put(other.id, { ...other, canCreateUsers: false })).status).toBe(200);
    expect((await superUsers.mass([other.id], { hideProfit: true })).status).toBe(200);
  });

  it('who hide profit cannot hand out a view of it', async () => {
    await make('hidden-admin', { role: 'admin', canCreateUsers: true, hideProfit: true });
    const hiddenMember = await make('hidden-member', { role: 'user', hideProfit: true });
    const { users } = await clientOf('hidden-admin');
    refused(await users.create({ login: 'sees-profit', password: 'sees-profit-pass' }));
    refused(await users.mass([hiddenMember.id], { hideProfit: false }));
    expect(
      (await users.create({ login: 'hides-profit', password: 'hides-profit-pass', hideProfit: true })).status,
    ).toBe(201);
  });
});
