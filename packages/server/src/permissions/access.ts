import {
  type ErrorItem,
  flowReferences,
  isGroupedKind,
  MESSAGES,
  type Permission,
  permissionsSchema,
  revenueMacrosIn,
} from '@cairn/contract';
import type { UserWithSecrets } from '../auth/users.ts';
import type { EntityDefinition, EntityRecord, SqlCondition } from '../entities/definition.ts';
import { firstPathOf, parseFlow } from '../entities/flowReferences.ts';
import { capitalize } from '../entities/repository.ts';
import type { EntityAccess } from '../entities/service.ts';
import { HttpError, validationError } from '../http.ts';
import type { Sql } from '../store/config/port.ts';
import { authorizeUserWrite, checkUserWrite } from './userWrites.ts';

/** A hide-profit user's S2S postback URL would hand them every conversion's revenue through `{payout}`. */
function refuseRevenueMacros(values: Record<string, unknown>): void {
  const url = values.postbackUrl;
  const found = typeof url === 'string' ? revenueMacrosIn(url) : [];
  if (found.length === 0) return;
  const names = found.map((name) => `{${name}}`).join(', ');
  throw validationError([
    {
      message: `Remove ${names}: it carries the conversion's revenue, which your account does not see`,
      detail: { field: 'postbackUrl' },
    },
  ]);
}

// The server side of per-kind permissions. Admins and the super-admin may do everything with entities (the
// user kind has its own rules below); a plain user may touch a kind only through a permission for it.
// Items outside a user's scope answer 404, exactly like items that do not exist, so their existence does
// not leak; a kind without permission, or a write with read access, answers 403.

const denied = (message: string = MESSAGES.permissionDenied) => new HttpError(403, { message });

/** A plain user's permissions as stored; an unreadable value grants nothing. */
export async function permissionsOf(sql: Sql, userId: number): Promise<Permission[]> {
  const rows = await sql.query<{ permissions: string | null }>(
    'SELECT permissions FROM users WHERE id = $1',
    [userId],
  );
  const raw = rows[0]?.permissions;
  if (!raw) return [];
  const parsed = permissionsSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : [];
}

/**
 * Without a permission for groups themselves, a user limited to some groups may still read those groups:
 * lists and forms show the group names and pick among them.
 */
function implicitGroupPermission(permissions: readonly Permission[]): Permission | undefined {
  const itemIds = [...new Set(permissions.flatMap((permission) => permission.groupIds))];
  if (itemIds.length === 0) return undefined;
  return { kind: 'group', scope: 'items', access: 'read', groupIds: [], itemIds };
}

function inScope(permission: Permission, record: { id: number; groupId?: unknown }): boolean {
  if (permission.scope === 'all') return true;
  if (permission.scope === 'items') return permission.itemIds.includes(record.id);
  return typeof record.groupId === 'number' && permission.groupIds.includes(record.groupId);
}

export function permissionAccess(sql: Sql, definitions: readonly EntityDefinition[]): EntityAccess {
  const byKind = new Map(definitions.map((definition) => [definition.kind, definition]));

  const notFound = (kind: string, id: number) =>
    new HttpError(404, { message: `${capitalize(byKind.get(kind)?.noun ?? kind)} ${id} not found` });

  /** The permission a plain user holds for the kind, refusing the call when it does not allow the action. */
  const permissionFor = async (
    db: Sql,
    user: UserWithSecrets,
    kind: string,
    action: 'read' | 'write',
  ): Promise<Permission> => {
    const permissions = await permissionsOf(db, user.id);
    const permission =
      permissions.find((candidate) => candidate.kind === kind) ??
      (kind === 'group' ? implicitGroupPermission(permissions) : undefined);
    if (!permission) throw denied();
    if (action === 'write' && permission.access !== 'write')
      throw denied('Permission denied: read-only access');
    return permission;
  };

  const recordInScope = async (
    db: Sql,
    permission: Permission,
    kind: string,
    id: number,
  ): Promise<boolean> => {
    if (permission.scope === 'all') return true;
    const definition = byKind.get(kind);
    if (!definition) return false;
    const groupColumn = isGroupedKind(kind) ? ', group_id' : '';
    const rows = await db.query<{ id: number; group_id?: number | null }>(
      `SELECT id${groupColumn} FROM ${definition.table} WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return false;
    return inScope(permission, {
      id: Number(row.id),
      groupId: row.group_id == null ? null : Number(row.group_id),
    });
  };

  /**
   * A plain user may point an item only at things they can read themselves: a campaign cannot send clicks
   * to an offer, or use a traffic source, hidden from its editor. References already there stay allowed.
   * Groups are governed by the scope rules instead.
   */
  const checkReferencesReadable = async (
    tx: Sql,
    user: UserWithSecrets,
    kind: string,
    values: Record<string, unknown>,
    previous: EntityRecord | null,
  ): Promise<void> => {
    const wanted: { kind: string; id: number; field: string }[] = [];
    for (const reference of byKind.get(kind)?.references ?? []) {
      const id = values[reference.field];
      if (reference.kind === 'group' || typeof id !== 'number' || previous?.[reference.field] === id)
        continue;
      wanted.push({ kind: reference.kind, id, field: reference.field });
    }
    const flow = parseFlow(values.flow);
    if (flow) {
      const before = parseFlow(previous?.flow);
      const kept = before
        ? flowReferences(before)
        : { landingIds: new Set<number>(), offerIds: new Set<number>(), campaignIds: new Set<number>() };
      const { landingIds, offerIds, campaignIds } = flowReferences(flow);
      for (const id of landingIds) {
        if (!kept.landingIds.has(id))
          wanted.push({ kind: 'landing', id, field: firstPathOf(flow, 'landing', id, 'flow.') });
      }
      for (const id of offerIds) {
        if (!kept.offerIds.has(id))
          wanted.push({ kind: 'offer', id, field: firstPathOf(flow, 'offer', id, 'flow.') });
      }
      for (const id of campaignIds) {
        if (!kept.campaignIds.has(id))
          wanted.push({ kind: 'campaign', id, field: firstPathOf(flow, 'campaign', id, 'flow.') });
      }
    }
    if (wanted.length === 0) return;
    const permissions = await permissionsOf(tx, user.id);
    const errors: ErrorItem[] = [];
    for (const reference of wanted) {
      const permission = permissions.find((candidate) => candidate.kind === reference.kind);
      if (!permission || !(await recordInScope(tx, permission, reference.kind, reference.id))) {
        const noun = byKind.get(reference.kind)?.noun ?? reference.kind;
        errors.push({
          message: `You have no access to ${noun} ${reference.id}`,
          detail: { field: reference.field },
        });
      }
    }
    if (errors.length > 0) {
      throw new HttpError(403, {
        message: `${MESSAGES.permissionDenied}: ${errors.map((e) => e.message).join('; ')}`,
        errors,
      });
    }
  };

  return {
    async authorize(user, kind, action, id) {
      if (kind === 'user') {
        // Users are read by admins and the super-admin only; writes follow userWrites.ts.
        if (user.role === 'user') throw denied();
        if (action === 'write') await authorizeUserWrite(sql, user, id);
        return;
      }
      if (user.role !== 'user') return;
      const permission = await permissionFor(sql, user, kind, action);
      if (id !== undefined && !(await recordInScope(sql, permission, kind, id))) throw notFound(kind, id);
    },

    async scope(user, kind): Promise<SqlCondition | null> {
      if (user.role !== 'user' || kind === 'user') return null;
      const permission = await permissionFor(sql, user, kind, 'read');
      const ids = permission.scope === 'groups' ? permission.groupIds : permission.itemIds;
      if (permission.scope === 'all') return null;
      const column = permission.scope === 'groups' ? 't.group_id' : 't.id';
      return { sql: `${column} IN (${ids.map((_, n) => `$${n + 1}`).join(', ')})`, params: ids };
    },

    async checkWrite(tx, user, kind, values, previous: EntityRecord | null) {
      if (kind === 'traffic_source' && user.hideProfit) refuseRevenueMacros(values);
      if (kind === 'user') {
        checkUserWrite(user, values, previous);
        return;
      }
      if (user.role !== 'user') return;
      const permission = await permissionFor(tx, user, kind, 'write');
      await checkReferencesReadable(tx, user, kind, values, previous);
      if (permission.scope === 'all') return;
      if (previous && !inScope(permission, previous)) throw notFound(kind, previous.id);
      if (permission.scope === 'items') {
        if (!previous) throw denied('Permission denied: you may change only the items chosen for you');
        return;
      }
      // Created in, or moved to, a group: it must be one of the user's groups, or they would lose the item.
      const groupId = 'groupId' in values ? values.groupId : previous?.groupId;
      if (typeof groupId !== 'number' || !permission.groupIds.includes(groupId)) {
        throw new HttpError(403, {
          message: `${MESSAGES.permissionDenied}: choose one of your groups`,
          errors: [{ message: 'Choose one of your groups', detail: { field: 'groupId' } }],
        });
      }
    },
  };
}
