import {
  type ErrorItem,
  entityIdParamsSchema,
  isGroupedKind,
  type Permission,
  userInputSchema,
  userListSpec,
  userMassChangesSchema,
  userPath,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../audit.ts';
import { hashPassword } from '../../auth/password.ts';
import { passwordProblem } from '../../auth/passwordPolicy.ts';
import { encrypt, hmac, type Keys, randomToken } from '../../auth/secrets.ts';
import { HttpError, parseInput, validationError } from '../../http.ts';
import type { Sql } from '../../store/config/port.ts';
import type { EntityDefinition, EntityRecord } from '../definition.ts';
import type { KindRouteEnv } from '../routeContext.ts';

// Tables of the kinds a permission can name, for checking that its groups and items exist.
const PERMISSION_TABLES: Record<Permission['kind'], string> = {
  campaign: 'campaigns',
  offer: 'offers',
  landing: 'landings',
  affiliate_network: 'affiliate_networks',
  traffic_source: 'traffic_sources',
  rotation: 'rotations',
  domain: 'domains',
  group: 'entity_groups',
};

const fieldError = (field: string, message: string) => validationError([{ message, detail: { field } }]);

/** Groups must be groups of the permission's kind, items items of it; both must exist. */
async function checkPermissionReferences(tx: Sql, permissions: readonly Permission[]): Promise<ErrorItem[]> {
  const errors: ErrorItem[] = [];
  for (const [index, permission] of permissions.entries()) {
    const lists = [
      { ids: permission.groupIds, table: 'entity_groups', list: 'groupIds' },
      { ids: permission.itemIds, table: PERMISSION_TABLES[permission.kind], list: 'itemIds' },
    ];
    for (const { ids, table, list } of lists) {
      if (ids.length === 0) continue;
      const rows = await tx.query<{ id: number; kind?: string }>(
        `SELECT * FROM ${table} WHERE id IN (${ids.map((_, n) => `$${n + 1}`).join(', ')})`,
        ids,
      );
      const found = new Map(rows.map((row) => [Number(row.id), row]));
      for (const [position, id] of ids.entries()) {
        const row = found.get(id);
        const field = `permissions.${index}.${list}.${position}`;
        if (!row)
          errors.push({
            message: `No ${list === 'groupIds' ? 'group' : permission.kind} ${id}`,
            detail: { field },
          });
        else if (list === 'groupIds' && isGroupedKind(permission.kind) && row.kind !== permission.kind) {
          errors.push({ message: `Group ${id} is not a ${permission.kind} group`, detail: { field } });
        }
      }
    }
  }
  return errors;
}

async function endSessions(tx: Sql, userId: number): Promise<void> {
  await tx.execute('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

/**
 * Users on the entity machinery. The password hash and the auth secret are derived secret fields: stored,
 * never returned, and audited only as "changed". Needs the server's keys to seal the new user's auth secret.
 */
export function userDefinition(keys: Keys): EntityDefinition {
  return {
    kind: 'user',
    table: 'users',
    noun: 'user',
    nounPlural: 'users',
    fields: {
      login: { type: 'text' },
      role: { type: 'text' },
      canCreateUsers: { type: 'boolean' },
      hideProfit: { type: 'boolean' },
      disabled: { type: 'boolean' },
      permissions: { type: 'json' },
      notes: { type: 'text' },
      passwordHash: { type: 'text', derived: true, secret: true },
      authSecretEnc: { type: 'text', derived: true, secret: true },
      authSecretHash: { type: 'text', derived: true, secret: true },
    },
    inputSchema: userInputSchema,
    massChangesSchema: userMassChangesSchema,
    listSpec: userListSpec,
    searchFields: ['login', 'notes'],
    computed: { twoFactorEnabled: 't.totp_secret_enc IS NOT NULL' },
    unique: [{ fields: ['login'], field: 'login', message: 'This login is taken' }],
    async derive(values, previous) {
      // The single super-admin is made at first start; the API can neither make a second nor unmake it.
      if (previous?.role === 'super_admin') {
        if (values.role !== 'super_admin') throw fieldError('role', 'The super-admin cannot be demoted');
        if (values.disabled === true) throw fieldError('disabled', 'The super-admin cannot be disabled');
        if (values.canCreateUsers === false) {
          throw fieldError('canCreateUsers', 'The super-admin can always create users');
        }
      } else if (values.role === 'super_admin') {
        throw fieldError('role', 'There is exactly one super-admin');
      }
      // Creating users is an admin's right; on a plain user the flag would only mislead.
      const derived: Record<string, unknown> = values.role === 'user' ? { canCreateUsers: false } : {};
      if (typeof values.password === 'string') {
        const problem = passwordProblem(values.password, String(values.login ?? previous?.login ?? ''));
        if (problem) throw fieldError('password', problem);
        derived.passwordHash = await hashPassword(values.password);
      } else if (!previous) throw fieldError('password', 'Password is required');
      if (!previous) {
        const secret = randomToken();
        derived.authSecretEnc = encrypt(keys.encryption, secret);
        derived.authSecretHash = hmac(keys.lookup, secret);
      }
      return derived;
    },
    async afterWrite({ tx, id, values, previous, audit }) {
      if (Array.isArray(values.permissions)) {
        const errors = await checkPermissionReferences(tx, values.permissions as Permission[]);
        if (errors.length > 0) throw validationError(errors);
      }
      if (values.archived === true) {
        if (previous?.role === 'super_admin') {
          throw new HttpError(409, { message: 'The super-admin cannot be archived' });
        }
        // An archived user must not keep signing in; restoring leaves them disabled until enabled again.
        if (previous && previous.disabled !== true) {
          await tx.execute('UPDATE users SET disabled = TRUE WHERE id = $1', [id]);
          await audit({
            kind: 'user',
            id,
            action: 'updated',
            changes: { disabled: { before: false, after: true } },
          });
        }
      }
      // A new password or a disabled account ends every session the user had.
      const passwordChanged =
        previous !== null && 'passwordHash' in values && values.passwordHash !== previous.passwordHash;
      if (previous && (passwordChanged || values.disabled === true || values.archived === true)) {
        await endSessions(tx, id);
      }
    },
    async beforeDelete({ tx, record }) {
      if (record.role === 'super_admin')
        throw new HttpError(409, { message: 'The super-admin cannot be deleted' });
      await endSessions(tx, record.id);
      await tx.execute('DELETE FROM user_columns WHERE user_id = $1', [record.id]);
    },
    present: ({ passwordHash: _hash, authSecretEnc: _sealed, authSecretHash: _lookup, ...user }) => ({
      ...user,
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
    }),
  };
}

/** `POST /api/user/{id}/two_factor_reset`: for a user who lost their authenticator. */
export function registerUserRoutes(app: FastifyInstance, { context, entities, now }: KindRouteEnv): void {
  const definition = entities.definition('user');
  if (!definition) return;
  app.post(userPath.twoFactorResetRoute, async (request) => {
    const { id } = parseInput(entityIdParamsSchema, request.params);
    const caller = await context.authorized(request, 'user', 'write', id);
    // Turning one's own second factor off asks for the password and a code (Settings > User), not this.
    if (id === caller.id) {
      throw new HttpError(403, {
        message: 'Permission denied: turn your own two-factor sign-in off in Settings > User',
      });
    }
    const record: EntityRecord | null = await context.service.store.transaction(async (tx) => {
      const target = await entities.find(tx, definition, id);
      if (!target) throw new HttpError(404, { message: `User ${id} not found` });
      if (target.role === 'super_admin' && caller.role !== 'super_admin') {
        throw new HttpError(403, { message: 'Only the super-admin can change the super-admin' });
      }
      await tx.execute(
        'UPDATE users SET totp_secret_enc = NULL, totp_pending_secret_enc = NULL WHERE id = $1',
        [id],
      );
      await recordAudit(tx, now(), {
        userId: caller.id,
        action: 'user_two_factor_reset',
        entityKind: 'user',
        entityId: id,
      });
      return entities.find(tx, definition, id);
    });
    if (!record) throw new HttpError(404, { message: `User ${id} not found` });
    return definition.present(record, await context.presentEnv(request));
  });
}
