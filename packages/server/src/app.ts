import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { apiPlugin } from './api.ts';
import { createGuard, type Guard } from './auth/guard.ts';
import { fontsDirOf } from './config.ts';
import type { AppContext } from './context.ts';
import { HttpError } from './http.ts';
import { panelFallback, panelPlugin } from './panel.ts';
import { createClickHandler } from './tracking/clickHandler.ts';
import { trackingPlugin } from './tracking/plugin.ts';
import { createPostbackHandler } from './tracking/postback/handler.ts';

export type { AppContext } from './context.ts';

/** A route as registered: its method and URL pattern (`/api/offer/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface CairnApp {
  app: FastifyInstance;
  guard: Guard;
  /** Every route of every plugin, filled in as the app gets ready; the API description is checked against it. */
  routes: RegisteredRoute[];
}

/**
 * The HTTP surface: three encapsulated plugins registered here and nowhere else. `api` owns sessions,
 * CSRF and hide-profit; `tracking` (the click path) runs none of those hooks; `panel` serves the app.
 */
export function buildApp(ctx: AppContext): CairnApp {
  const clicks = createClickHandler({
    runtime: ctx.tracking,
    now: ctx.config.now,
    trustProxy: ctx.config.trustProxy,
    logger: ctx.logger,
  });
  const postbacks = createPostbackHandler({
    conversions: ctx.tracking.conversions,
    trustProxy: ctx.config.trustProxy,
    logger: ctx.logger,
  });
  const paths = () => ctx.tracking.engine.settings.paths;
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the instance type the default one callers expect.
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Renamed tracking paths (URL customization) are answered by the default paths' routes. Requests from
    // the server below are rewritten there already; this covers inject().
    rewriteUrl: (request) => paths().rewrite(request.url ?? ''),
    // Clicks and GET postbacks are answered before the framework routes them (the framework's
    // per-request work is a third of a click's cost); everything else, and requests that arrive through
    // inject(), take the router.
    serverFactory: (handler, options) => {
      const server = http.createServer(options.http ?? {}, (request, response) => {
        request.url = paths().rewrite(request.url ?? '');
        if (clicks.takes(request)) void clicks.serve(request, response);
        else if (postbacks.takes(request)) void postbacks.serve(request, response);
        else handler(request, response);
      });
      // What the framework would set on a server it made itself (its defaults are filled in by now).
      server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(options.requestTimeout ?? 0);
      server.setTimeout(Number(options.connectionTimeout ?? 0));
      return server;
    },
  });
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.register(fastifyCookie);

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

  const guard = createGuard(ctx);
  const panel = { panelDir: ctx.config.panelDir, fontsDir: fontsDirOf(ctx.config) };
  app.register(apiPlugin, { ctx, guard });
  app.register(trackingPlugin, { tracking: ctx.tracking, clicks });
  app.register(panelPlugin, panel);
  panelFallback(app, panel);
  return { app, guard, routes };
}
