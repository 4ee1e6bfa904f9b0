import { MESSAGES } from '@cairn/contract';
import type { UserWithSecrets } from '../auth/users.ts';
import type { EntityRecord } from '../entities/definition.ts';
import { HttpError } from '../http.ts';
import type { Sql } from '../store/config/port.ts';

// Who may write which user. Users are managed by admins holding can-create-users (the super-admin always
// does); an admin account is changed only by the super-admin; and nobody raises their own privileges
// through these routes (their own password and two-factor change in Settings > User, which ask for the
// current password). Each refusal says which rule applied.

const denied = (reason: string) => new HttpError(403, { message: `${MESSAGES.permissionDenied}: ${reason}` });

/** The fields that make up what a user may see and do. */
const PRIVILEGE_FIELDS = ['role', 'canCreateUsers', 'hideProfit', 'permissions'] as const;

const changed = (values: Record<string, unknown>, previous: EntityRecord, field: string): boolean =>
  field in values && JSON.stringify(values[field]) !== JSON.stringify(previous[field]);

/** Every write to users (create, edit, mass edit, archive, restore, delete, two-factor reset). */
export async function authorizeUserWrite(sql: Sql, caller: UserWithSecrets, id?: number): Promise<void> {
  if (caller.role === 'user') throw denied('plain users manage no users');
  if (caller.role !== 'super_admin' && !caller.canCreateUsers) {
    throw denied('managing users needs the can-create-users right');
  }
  if (id === undefined || caller.role === 'super_admin' || id === caller.id) return;
  const rows = await sql.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id]);
  const role = rows[0]?.role;
  if (role === 'super_admin') throw denied('only the super-admin can change the super-admin');
  if (role === 'admin') throw denied('only the super-admin can change an admin');
}

/** The values of one create (previous null) or one edit of a user, checked against the caller's rights. */
export function checkUserWrite(
  caller: UserWithSecrets,
  values: Record<string, unknown>,
  previous: EntityRecord | null,
): void {
  const isSuper = caller.role === 'super_admin';
  if (previous === null) {
    if (!isSuper && !caller.canCreateUsers) throw denied('creating users needs the can-create-users right');
    if (!isSuper && values.role !== undefined && values.role !== 'user') {
      throw denied('only the super-admin can create admins');
    }
    if (caller.hideProfit && values.hideProfit !== true) {
      throw denied('you hide profit, so the users you create must hide it too');
    }
    return;
  }
  if (previous.id === caller.id) {
    // The super-admin's role and right to create users are fixed; the definition says so at the field.
    const fields = PRIVILEGE_FIELDS.filter(
      (field) => !(isSuper && (field === 'role' || field === 'canCreateUsers')),
    );
    if (fields.some((field) => changed(values, previous, field))) {
      throw denied('you cannot change your own role, rights, hide-profit or permissions');
    }
    if (typeof values.password === 'string') {
      throw denied('change your own password in Settings > User, which asks for the current one');
    }
    return;
  }
  if (isSuper) return;
  if (previous.role === 'super_admin') throw denied('only the super-admin can change the super-admin');
  if (previous.role !== 'user') throw denied('only the super-admin can change an admin');
  if (changed(values, previous, 'role')) throw denied('only the super-admin can change roles');
  if (caller.hideProfit && previous.hideProfit === true && changed(values, previous, 'hideProfit')) {
    throw denied('you hide profit, so you cannot show it to others');
  }
}
