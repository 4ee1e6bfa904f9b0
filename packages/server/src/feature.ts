import type { FastifyInstance } from 'fastify';
import type { Guard } from './auth/guard.ts';
import type { AppContext } from './context.ts';
import type { ReadAccess } from './permissions/options.ts';

/**
 * What the API plugin hands each feature's plugin: the app's context, the request guard, and the read
 * access policy built once for all of them. Each feature registers as a Fastify plugin of its own, so its
 * routes, service and settings sit together and inherit the API's session, CSRF and hide-profit hooks.
 */
export interface FeatureOptions {
  ctx: AppContext;
  guard: Guard;
  reads: ReadAccess;
}

export type FeaturePlugin = (api: FastifyInstance, options: FeatureOptions) => Promise<void>;
