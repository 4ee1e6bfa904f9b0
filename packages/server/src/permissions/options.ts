import type { FastifyRequest } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { AppContext } from '../context.ts';
import { flowUsageFinder } from '../entities/flowReferences.ts';
import { ENTITY_DEFINITIONS } from '../entities/kinds/index.ts';
import { userDefinition } from '../entities/kinds/user.ts';
import type { EntityRoutesOptions } from '../entities/routes.ts';
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
