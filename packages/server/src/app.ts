import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type Guard, installGuard } from './auth/guard.ts';
import { fontsDirOf } from './config.ts';
import type { AppContext } from './context.ts';
import { registerEntityRoutes } from './entities/routes.ts';
import { HttpError } from './http.ts';
import { registerPanel } from './panel.ts';
import { installHideProfitFilter } from './permissions/hideProfit.ts';
import { entityRoutesOptions, hidesProfitFor } from './permissions/options.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerSystemRoutes } from './routes/system.ts';

export type { AppContext } from './context.ts';

export interface CairnApp {
  app: FastifyInstance;
  guard: Guard;
}

/**
 * The HTTP surface. Later route modules (entities, reports, tracking) follow the shape of routes/*.ts:
 * a register function taking the app, the context and the guard.
 */
export function buildApp(ctx: AppContext): CairnApp {
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the instance type the default one callers expect.
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.register(fastifyCookie);
  const guard = installGuard(app, ctx);
  installHideProfitFilter(app, hidesProfitFor(guard));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).headers(error.headers).send(error.body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ message: (error as Error).message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Internal server error' });
  });

  registerSystemRoutes(app, ctx, guard);
  registerAccountRoutes(app, ctx, guard);
  registerEntityRoutes(app, ctx, guard, entityRoutesOptions(ctx));
  registerPanel(app, ctx.config.panelDir, fontsDirOf(ctx.config));
  return { app, guard };
}
