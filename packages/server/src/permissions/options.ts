import type { FastifyRequest } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { AppContext } from '../context.ts';
import { flowUsageFinder } from '../entities/flowReferences.ts';
import { ENTITY_DEFINITIONS } from '../entities/kinds/index.ts';
import { userDefinition } from '../entities/kinds/user.ts';
import type { EntityRoutesOptions } from '../entities/routes.ts';
import { adminOnlyAccess, type EntityAccess } from '../entities/service.ts';
import type { EntityDimension } from '../reports/dimensions.ts';
import { entityTable } from '../reports/names.ts';
import type { Sql } from '../store/config/port.ts';
import { permissionAccess } from './access.ts';

/** The entity routes as the app serves them: every kind (users included), per-kind permissions, flow usages. */
export function entityRoutesOptions(ctx: AppContext): EntityRoutesOptions {
  const definitions = [...ENTITY_DEFINITIONS, userDefinition(ctx.keys)];
  return {
    definitions,
    access: permissionAccess(ctx.store, definitions),
    usageFinders: [flowUsageFinder],
  };
}

/** Whether the caller of a request is a signed-in user with hide-profit set. */
export function hidesProfitFor(guard: Guard): (request: FastifyRequest) => boolean {
  return (request) => {
    const auth = guard.stateOf(request).auth;
    return (
      (auth.kind === 'session' || auth.kind === 'auth_secret' || auth.kind === 'api_key') &&
      auth.user.hideProfit
    );
  };
}

/**
 * What a signed-in user may read of the events, by the entities they reach. Built once by the API plugin
 * from the same access as the entity routes and handed to every feature that reads events (reports, the
 * click log, the conversion log), so they all answer one question the same way.
 */
export interface ReadAccess {
  /** Refuses (403) a user whose permissions do not let them read a kind at all. */
  authorizeRead(user: UserWithSecrets, kind: EntityDimension): Promise<void>;
  /** The ids of a kind the user may read; null: all of them. A kind without permission answers 403. */
  readableIds(user: UserWithSecrets, kind: EntityDimension): Promise<number[] | null>;
}

export function readAccess(store: Sql, access: EntityAccess = adminOnlyAccess): ReadAccess {
  return {
    async authorizeRead(user, kind) {
      await access.authorize(user, kind, 'read');
    },
    async readableIds(user, kind) {
      const condition = await access.scope(user, kind);
      if (!condition) return null;
      const rows = await store.query<{ id: number }>(
        `SELECT t.id FROM ${entityTable(kind)} t WHERE ${condition.sql}`,
        condition.params,
      );
      return rows.map((row) => Number(row.id));
    },
  };
}
