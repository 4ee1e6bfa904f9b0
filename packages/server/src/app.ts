import http from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { apiPlugin } from './api.ts';
import { createGuard, type Guard } from './auth/guard.ts';
import { localBackupEndpoint } from './backup/routes.ts';
import { clickApiEndpoint } from './clickApi/endpoint.ts';
import { fontsDirOf } from './config.ts';
import type { AppContext } from './context.ts';
import { createPostbackHandler } from './conversions/handler.ts';
import { localEventExportEndpoint } from './eventExport/routes.ts';
import { HttpError } from './http.ts';
import { landerFilesEndpoint } from './landerFiles/serve.ts';
import { metricsPlugin, observeResponses } from './metrics/plugin.ts';
import { panelFallback, panelPlugin } from './panel.ts';
import { acmeChallengeEndpoint } from './tls/routes.ts';
import { createClickHandler } from './tracking/clickHandler.ts';
import { trackingPlugin } from './tracking/plugin.ts';

export type { AppContext } from './context.ts';

/** A route as registered: its method and URL pattern (`/api/offer/:id`). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface CairnApp {
  app: FastifyInstance;
  /** What every request of the HTTP server goes through; the HTTPS server (index.ts) takes it too. */
  listener: http.RequestListener;
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
  let listener: http.RequestListener = () => {
    throw new Error('The HTTP server is not made yet');
  };
  const app = Fastify({
    // pino's Logger is a FastifyBaseLogger; the cast keeps the instance type the default one callers expect.
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The server below is made with these (config.ts); the framework reads them too.
    requestTimeout: ctx.config.httpRequestTimeoutMs,
    keepAliveTimeout: ctx.config.httpKeepAliveTimeoutMs,
    // Renamed tracking paths (URL customization) are answered by the default paths' routes. Requests from
    // the server below are rewritten there already; this covers inject().
    rewriteUrl: (request) => paths().rewrite(request.url ?? ''),
    // Clicks and GET postbacks are answered before the framework routes them (the framework's
    // per-request work is a third of a click's cost); everything else, and requests that arrive through
    // inject(), take the router.
    serverFactory: (handler, options) => {
      const { httpHeadersTimeoutMs, httpRequestTimeoutMs, httpKeepAliveTimeoutMs } = ctx.config;
      const serverOptions: http.ServerOptions = {
        ...((options.http ?? {}) as http.ServerOptions),
        headersTimeout: httpHeadersTimeoutMs,
        requestTimeout: httpRequestTimeoutMs,
        keepAliveTimeout: httpKeepAliveTimeoutMs,
        // Node looks for requests past their timeouts this often (its default, 30 s, would let a slow
        // client outlive a shorter timeout by that much).
        connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(httpHeadersTimeoutMs / 4))),
      };
      listener = (request, response) => {
        // A domain set to HTTPS only: plain HTTP gets its redirect before anything else.
        if (ctx.tls.redirectToHttps(request, response)) return;
        request.url = paths().rewrite(request.url ?? '');
        // Both answer every failure themselves; a rejection past that is logged, never left unhandled.
        const failed = (error: unknown) => ctx.logger.error({ err: error }, 'tracking request failed');
        if (clicks.takes(request)) clicks.serve(request, response).catch(failed);
        else if (postbacks.takes(request)) postbacks.serve(request, response).catch(failed);
        else handler(request, response);
      };
      return http.createServer(serverOptions, listener);
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

  observeResponses(app, ctx.metrics);
  const guard = createGuard(ctx);
  const panel = { panelDir: ctx.config.panelDir, fontsDir: fontsDirOf(ctx.config) };
  app.register(apiPlugin, { ctx, guard });
  app.register(trackingPlugin, { tracking: ctx.tracking, clicks });
  app.register(clickApiEndpoint, { ctx });
  app.register(acmeChallengeEndpoint(ctx.store));
  app.register(localBackupEndpoint(ctx));
  app.register(localEventExportEndpoint(ctx));
  app.register(
    landerFilesEndpoint({
      store: ctx.store,
      clickPath: () => ctx.tracking.engine.settings.paths.click,
      lpProtect: () => ctx.tracking.engine.settings.lpProtect,
      now: ctx.config.now,
    }),
  );
  app.register(metricsPlugin, { metrics: ctx.metrics, token: ctx.config.metricsToken });
  app.register(panelPlugin, panel);
  panelFallback(app, panel);
  return { app, guard, routes, listener: (request, response) => listener(request, response) };
}
