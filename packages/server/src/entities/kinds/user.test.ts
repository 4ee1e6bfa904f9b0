import {
  API_PATHS,
  type AuditEntry,
  apiPath,
  type ListResponse,
  type ManagedUser,
  MESSAGES,
  userPath,
} from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFields, type KindClient, kindClient, signedInAdmin } from '../../../test-support/entities.ts';
import { ADMIN_PASSWORD, TestBrowser } from '../../../test-support/server.ts';
import { totpCode } from '../../auth/totp.ts';
import type { RunningCairn } from '../../index.ts';

let cairn: RunningCairn;
let browser: TestBrowser;
let users: KindClient;
let superAdminId: number;

beforeAll(async () => {
  ({ cairn, browser } = await signedInAdmin());
  users = kindClient(browser, 'user');
  superAdminId = Number((await browser.get(API_PATHS.role)).json<{ id: string }>().id);
});
afterAll(async () => {
  await cairn.close();
});

async function signedIn(login: string, password: string): Promise<TestBrowser> {
  const session = new TestBrowser(cairn.url);
  expect((await session.signIn(login, password)).status).toBe(200);
  return session;
}

describe('user management', () => {
  it('creates a user who signs in with the given password; the password never comes back', async () => {
    const created = await users.create({
      login: 'media-buyer',
      password: 'buyer-password-1',
      hideProfit: true,
      permissions: [{ kind: 'offer', scope: 'all', access: 'read' }],
      notes: 'night shift',
    });
    expect(created.status).toBe(201);
    const user = created.json<ManagedUser>();
    expect(user).toEqual({
      id: user.id,
      login: 'media-buyer',
      role: 'user',
      canCreateUsers: false,
      hideProfit: true,
      disabled: false,
      twoFactorEnabled: false,
      permissions: [{ kind: 'offer', scope: 'all', access: 'read', groupIds: [], itemIds: [] }],
      notes: 'night shift',
      archived: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(created.text).not.toContain('argon2');

    const buyer = await signedIn('media-buyer', 'buyer-password-1');
    expect((await buyer.get(API_PATHS.role)).json()).toMatchObject({ id: String(user.id), role: 'user' });
    expect((await buyer.get(apiPath.hideProfit(user.id))).json()).toEqual({ hideProfit: true });
    expect((await buyer.get(apiPath.canCreateUsers(user.id))).json()).toEqual({ canCreateUsers: false });

    // The audit log says the secrets changed, never what they are.
    const audit = (await browser.get(`/api/audit_log?kind=user&entityId=${user.id}`)).json<
      ListResponse<AuditEntry>
    >();
    expect(audit.items[0]?.action).toBe('user_created');
    expect(JSON.stringify(audit)).not.toMatch(/argon2|buyer-password/);
    expect(audit.items[0]?.details).toMatchObject({
      changes: { passwordHash: { after: '(secret, changed)' } },
    });

    // A new password set by an admin ends the user's sessions; the new one works, the old one not.
    const changed = await users.put(user.id, { ...user, password: 'buyer-password-2' });
    expect(changed.status).toBe(200);
    expect((await buyer.get(API_PATHS.role)).status).toBe(401);
    expect((await new TestBrowser(cairn.url).signIn('media-buyer', 'buyer-password-1')).status).toBe(401);
    await signedIn('media-buyer', 'buyer-password-2');
    // An edit without a password keeps it.
    expect((await users.put(user.id, { ...user, notes: 'day shift' })).status).toBe(200);
    await signedIn('media-buyer', 'buyer-password-2');
  });

  it('validates logins, passwords and permissions at their fields', async () => {
    const noPassword = await users.create({ login: 'no-password' });
    expect(noPassword.status).toBe(400);
    expect(errorFields(noPassword)).toEqual(['password']);
    expect(errorFields(await users.create({ login: 'short', password: 'short' }))).toEqual(['password']);
    await users.make({ login: 'taken', password: 'taken-password' });
    const taken = await users.create({ login: 'TAKEN', password: 'taken-password' });
    expect(taken.status).toBe(409);
    expect(errorFields(taken)).toEqual(['login']);

    const offerGroup = await kindClient(browser, 'group').make({ name: 'u-offers', kind: 'offer' });
    const badPermissions = await users.create({
      login: 'bad-permissions',
      password: 'some-password',
      permissions: [
        { kind: 'campaign', scope: 'groups', groupIds: [offerGroup.id] },
        { kind: 'traffic_source', scope: 'groups', groupIds: [offerGroup.id] },
        { kind: 'offer', scope: 'items', itemIds: [] },
        { kind: 'offer', scope: 'all' },
      ],
    });
    expect(badPermissions.status).toBe(400);
    expect(errorFields(badPermissions)).toEqual([
      'permissions.1.scope',
      'permissions.2.itemIds',
      'permissions.3.kind',
    ]);
    const wrongGroupKind = await users.create({
      login: 'wrong-group-kind',
      password: 'some-password',
      permissions: [
        { kind: 'campaign', scope: 'groups', groupIds: [offerGroup.id] },
        { kind: 'domain', scope: 'items', itemIds: [99_999] },
      ],
    });
    expect(wrongGroupKind.status).toBe(400);
    expect(errorFields(wrongGroupKind)).toEqual(['permissions.0.groupIds.0', 'permissions.1.itemIds.0']);
    expect((await users.list('q=wrong-group-kind')).json<ListResponse<ManagedUser>>().total).toBe(0);
  });

  it('keeps exactly one super-admin: not created, demoted, disabled, archived or deleted', async () => {
    const supers = (await users.list('role=super_admin')).json<ListResponse<ManagedUser>>();
    expect(supers.items.map((user) => user.id)).toEqual([superAdminId]);
    const superAdmin = supers.items[0] as ManagedUser;

    const second = await users.create({
      login: 'second-super',
      password: 'super-password',
      role: 'super_admin',
    });
    expect(second.status).toBe(400);
    expect(errorFields(second)).toEqual(['role']);
    const demoted = await users.put(superAdminId, { ...superAdmin, role: 'admin' });
    expect(demoted.status).toBe(400);
    expect(errorFields(demoted)).toEqual(['role']);
    expect(errorFields(await users.put(superAdminId, { ...superAdmin, disabled: true }))).toEqual([
      'disabled',
    ]);
    expect(errorFields(await users.mass([superAdminId], { disabled: true }))).toEqual(['disabled']);
    expect(errorFields(await users.mass([superAdminId], { canCreateUsers: false }))).toEqual([
      'canCreateUsers',
    ]);
    const deleted = await users.remove(superAdminId);
    expect(deleted.status).toBe(409);
    expect(deleted.json().message).toBe('The super-admin cannot be deleted');
    expect((await users.archive(superAdminId)).status).toBe(409);
    const promoted = await users.make<ManagedUser>({ login: 'promote-me', password: 'promote-password' });
    expect(errorFields(await users.put(promoted.id, { ...promoted, role: 'super_admin' }))).toEqual(['role']);

    // Another admin cannot change the super-admin at all, not even harmless fields.
    await users.make({
      login: 'other-admin',
      password: 'other-admin-password',
      role: 'admin',
      canCreateUsers: true,
    });
    const otherAdmin = await signedIn('other-admin', 'other-admin-password');
    const byAdmin = await kindClient(otherAdmin, 'user').put(superAdminId, { ...superAdmin, notes: 'hello' });
    expect(byAdmin.status).toBe(403);
    expect((await kindClient(otherAdmin, 'user').get(superAdminId)).status).toBe(200);
    expect((await users.get(superAdminId)).json<ManagedUser>()).toMatchObject({
      role: 'super_admin',
      disabled: false,
      notes: '',
    });
    // The super-admin still signs in.
    await signedIn('admin', ADMIN_PASSWORD);
  });

  it('lets only admins with can-create-users create users; plain users manage none', async () => {
    await users.make({ login: 'admin-no-create', password: 'no-create-password', role: 'admin' });
    const admin = await signedIn('admin-no-create', 'no-create-password');
    const refused = await kindClient(admin, 'user').create({
      login: 'by-admin',
      password: 'by-admin-password',
    });
    expect(refused.status).toBe(403);
    expect(refused.json().message).toContain(MESSAGES.permissionDenied);
    // Managing existing users is still theirs.
    expect((await kindClient(admin, 'user').list()).status).toBe(200);

    await users.make({
      login: 'admin-create',
      password: 'create-password',
      role: 'admin',
      canCreateUsers: true,
    });
    const creator = await signedIn('admin-create', 'create-password');
    expect(
      (await kindClient(creator, 'user').create({ login: 'by-creator', password: 'by-creator-password' }))
        .status,
    ).toBe(201);

    const plainUser = await users.make<ManagedUser>({
      login: 'plain-user',
      password: 'plain-password',
      canCreateUsers: true,
    });
    expect(plainUser.canCreateUsers).toBe(false);
    const plain = await signedIn('plain-user', 'plain-password');
    const plainUsers = kindClient(plain, 'user');
    expect((await plainUsers.list()).status).toBe(403);
    expect((await plainUsers.get(superAdminId)).status).toBe(403);
    expect((await plainUsers.create({ login: 'by-plain', password: 'by-plain-password' })).status).toBe(403);
    // The spec's calls under /api/user keep working next to the REST routes.
    expect((await plain.get(API_PATHS.role)).json()).toMatchObject({ role: 'user' });
    expect((await plain.get(`/api/audit_log`)).status).toBe(403);
    expect((await plain.post(API_PATHS.logout)).status).toBe(200);
    expect((await plain.get(API_PATHS.role)).status).toBe(401);
  });

  it('disables and archives users, ending their sessions, and resets two-factor sign-in', async () => {
    const made = await users.make<ManagedUser>({
      login: 'two-factor-user',
      password: 'tf-password',
      role: 'admin',
    });
    const session = await signedIn('two-factor-user', 'tf-password');
    const enable = (await session.post(API_PATHS.twoFactorEnable, { currentPassword: 'tf-password' })).json<{
      secret: string;
    }>();
    const confirm = await session.post(API_PATHS.twoFactorConfirm, {
      code: totpCode(enable.secret, Date.now()),
    });
    expect(confirm.status).toBe(200);
    expect((await users.get(made.id)).json<ManagedUser>().twoFactorEnabled).toBe(true);
    expect((await new TestBrowser(cairn.url).signIn('two-factor-user', 'tf-password')).json()).toEqual({
      status: 'need_two_factor',
    });

    const reset = await browser.post(userPath.twoFactorReset(made.id));
    expect(reset.status).toBe(200);
    expect(reset.json<ManagedUser>().twoFactorEnabled).toBe(false);
    const again = await signedIn('two-factor-user', 'tf-password');

    const disabled = await users.mass([made.id], { disabled: true });
    expect(disabled.status).toBe(200);
    expect((await again.get(API_PATHS.role)).status).toBe(401);
    expect((await new TestBrowser(cairn.url).signIn('two-factor-user', 'tf-password')).status).toBe(401);

    const archivable = await users.make<ManagedUser>({ login: 'archive-me', password: 'archive-password' });
    const archivedSession = await signedIn('archive-me', 'archive-password');
    const archived = await users.archive(archivable.id);
    expect(archived.json<ManagedUser>()).toMatchObject({ archived: true, disabled: true });
    expect((await archivedSession.get(API_PATHS.role)).status).toBe(401);
    expect((await users.restore(archivable.id)).json<ManagedUser>()).toMatchObject({
      archived: false,
      disabled: true,
    });
    expect((await users.remove(archivable.id)).status).toBe(200);
    expect((await users.get(archivable.id)).status).toBe(404);
  });
});
