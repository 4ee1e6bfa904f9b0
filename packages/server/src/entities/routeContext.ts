import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserWithSecrets } from '../auth/users.ts';
import type { EntityDefinition, PresentEnv } from './definition.ts';
import type { EntityRepository, ListRequest } from './repository.ts';
import type { EntityService } from './service.ts';

/** What the entity routes share with the extra routes a kind registers (import, key regeneration ...). */
export interface EntityRouteContext {
  service: EntityService;
  presentEnv(request: FastifyRequest): Promise<PresentEnv>;
  authorized(
    request: FastifyRequest,
    kind: string,
    action: 'read' | 'write',
    id?: number,
  ): Promise<UserWithSecrets>;
  /** The list's query of a request (filters, search, sort, page) in the caller's scope; 400 when malformed. */
  listRequest(
    request: FastifyRequest,
    definition: EntityDefinition,
    user: UserWithSecrets,
  ): Promise<ListRequest>;
}

export interface KindRouteEnv {
  context: EntityRouteContext;
  entities: EntityRepository;
  now: () => number;
}

/** Routes a kind adds beside the REST shape every kind gets; registered only when the kind is served. */
export interface KindRoutes {
  kind: string;
  register(app: FastifyInstance, env: KindRouteEnv): void;
}
