import {
  auditLogQuerySchema,
  DEMO_ACCOUNT,
  type DeleteResponse,
  entityIdParamsSchema,
  entityPath,
  listQuerySchemaFor,
  parseSort,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Guard } from '../auth/guard.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { AppContext } from '../context.ts';
import { parseInput, validationError } from '../http.ts';
import { listAuditEntries, maskAuditIps } from './audit.ts';
import type { EntityDefinition, PresentEnv, UsageFinder } from './definition.ts';
import { ENTITY_DEFINITIONS, KIND_ROUTES } from './kinds/index.ts';
import { EntityRepository, type ListRequest } from './repository.ts';
import type { EntityRouteContext } from './routeContext.ts';
import { adminOnlyAccess, type EntityAccess, EntityService } from './service.ts';

export interface EntityRoutesOptions {
  /** Per-kind permissions; without them only admins manage entities. */
  access?: EntityAccess;
  definitions?: readonly EntityDefinition[];
  usageFinders?: readonly UsageFinder[];
}

/**
 * The entity repository and service as the routes use them. A feature that changes entities for its own
 * reasons (a trigger setting a weight) builds them here too, so its writes are checked, audited and
 * announced on the change signal exactly as the routes' are.
 */
export function entityServiceOf(
  ctx: AppContext,
  options: EntityRoutesOptions = {},
): { entities: EntityRepository; service: EntityService } {
  const definitions = options.definitions ?? ENTITY_DEFINITIONS;
  const entities = new EntityRepository(
    new Map(definitions.map((definition) => [definition.kind, definition])),
    options.usageFinders ?? [],
    ctx.config.now,
  );
  const access = options.access ?? adminOnlyAccess;
  return { entities, service: new EntityService(ctx.store, entities, ctx.config.now, access, ctx.changes) };
}

/**
 * Brings `sort[name]=asc&sort[id]=desc` (the bracket style the panel's route queries use) to the
 * `sort=name:asc,id:desc` form, keeping the order the keys came in.
 */
function normalizeQuery(query: unknown): Record<string, unknown> {
  const normalized: Record<string, unknown> = {};
  const sort: string[] = [];
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const bracket = /^sort\[([A-Za-z0-9_]+)\]$/.exec(key);
    if (bracket) sort.push(`${bracket[1]}:${String(value)}`);
    else if (key === 'sort') sort.push(...(Array.isArray(value) ? value.map(String) : [String(value)]));
    else normalized[key] = value;
  }
  if (sort.length > 0) normalized.sort = sort;
  return normalized;
}

/** The REST shape of every entity kind (see the contract's entities/common.ts), plus the audit log. */
export function registerEntityRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  guard: Guard,
  options: EntityRoutesOptions = {},
): void {
  const store = ctx.store;
  const definitions = options.definitions ?? ENTITY_DEFINITIONS;
  const { entities, service } = entityServiceOf(ctx, options);
  const access = options.access ?? adminOnlyAccess;
  const domains = entities.definition('domain');

  // Computed URLs go on the default tracking domain; without one, on the address the panel is using.
  const presentEnv = async (request: FastifyRequest): Promise<PresentEnv> => {
    const { paths } = ctx.tracking.engine.settings;
    const postbackKey = ctx.tracking.conversions.keys.current;
    if (domains) {
      const rows = await store.query<{ host: string }>(
        `SELECT host FROM ${domains.table} WHERE is_default AND NOT archived ORDER BY id LIMIT 1`,
      );
      if (rows[0]) return { baseUrl: `https://${rows[0].host}`, paths, postbackKey };
    }
    return { baseUrl: `${request.protocol}://${request.host}`, paths, postbackKey };
  };

  const authorized = async (
    request: FastifyRequest,
    kind: string,
    action: 'read' | 'write',
    id?: number,
  ): Promise<UserWithSecrets> => {
    const user = guard.requireUser(request);
    await access.authorize(user, kind, action, id);
    return user;
  };

  const querySchemas = new Map(
    definitions.map((definition) => [definition.kind, listQuerySchemaFor(definition.listSpec)]),
  );
  // The list's query as the repository takes it: the list route's and every export of a list's.
  const listRequest = async (
    request: FastifyRequest,
    definition: EntityDefinition,
    user: UserWithSecrets,
  ): Promise<ListRequest> => {
    const { kind, listSpec } = definition;
    const querySchema = querySchemas.get(kind) ?? listQuerySchemaFor(listSpec);
    const query = parseInput(querySchema, normalizeQuery(request.query));
    const sort = parseSort(query.sort, listSpec.sortFields);
    if (!sort.ok) throw validationError([{ message: sort.message, detail: { field: 'sort' } }]);
    return {
      q: query.q || undefined,
      page: query.page,
      pageSize: query.pageSize,
      sort: sort.terms.length > 0 ? sort.terms : [...listSpec.defaultSort],
      archived: query.archived,
      ids: query.ids,
      filters: query.filters,
      scope: await access.scope(user, kind),
    };
  };

  const context: EntityRouteContext = { service, presentEnv, authorized, listRequest };

  for (const definition of definitions) {
    const { kind } = definition;

    app.get(entityPath.list(kind), async (request) => {
      const user = await authorized(request, kind, 'read');
      return service.list(
        definition,
        await listRequest(request, definition, user),
        await presentEnv(request),
      );
    });

    app.post(entityPath.list(kind), async (request, reply) => {
      const user = await authorized(request, kind, 'write');
      const created = await service.create(user, definition, request.body, await presentEnv(request));
      return reply.code(201).send(created);
    });

    app.patch(entityPath.mass(kind), async (request) => {
      const user = await authorized(request, kind, 'write');
      return service.mass(user, definition, request.body);
    });

    app.get(`${entityPath.list(kind)}/:id`, async (request) => {
      const { id } = parseInput(entityIdParamsSchema, request.params);
      await authorized(request, kind, 'read', id);
      return service.get(definition, id, await presentEnv(request));
    });

    app.put(`${entityPath.list(kind)}/:id`, async (request) => {
      const { id } = parseInput(entityIdParamsSchema, request.params);
      const user = await authorized(request, kind, 'write', id);
      return service.replace(user, definition, id, request.body, await presentEnv(request));
    });

    app.delete(`${entityPath.list(kind)}/:id`, async (request): Promise<DeleteResponse> => {
      const { id } = parseInput(entityIdParamsSchema, request.params);
      const user = await authorized(request, kind, 'write', id);
      await service.remove(user, definition, id);
      return { status: 'ok', id };
    });

    for (const action of ['archive', 'restore'] as const) {
      app.post(`${entityPath.list(kind)}/:id/${action}`, async (request) => {
        const { id } = parseInput(entityIdParamsSchema, request.params);
        const user = await authorized(request, kind, 'write', id);
        return service.setArchived(user, definition, id, action === 'archive', await presentEnv(request));
      });
    }
  }

  for (const registrar of KIND_ROUTES) {
    if (entities.definition(registrar.kind))
      registrar.register(app, { context, entities, now: ctx.config.now });
  }

  app.get(entityPath.auditLog, async (request) => {
    const caller = guard.requireAdmin(request);
    const entries = await listAuditEntries(store, parseInput(auditLogQuerySchema, request.query));
    const isDemoVisitor = ctx.config.mode === 'demo' && caller.login === DEMO_ACCOUNT.login;
    return isDemoVisitor ? maskAuditIps(entries) : entries;
  });
}
