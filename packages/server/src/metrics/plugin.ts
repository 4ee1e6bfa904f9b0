import crypto from 'node:crypto';
import { isIP } from 'node:net';
import { CONVERSION_API_PATHS, REPORT_PATHS } from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CairnMetrics } from './registry.ts';

// `/metrics` in Prometheus's text format, on the main port. It says how busy and how healthy a node is,
// which is worth something to an attacker too: loopback scrapers (a Prometheus or an agent on the
// machine) read it freely, others need `Authorization: Bearer $CAIRN_METRICS_TOKEN`, and everyone else
// gets the same 404 as any unknown path.

export const METRICS_PATH = '/metrics';

/** The reads whose latency /metrics reports, by the route they were registered as. */
const REPORT_ROUTES: ReadonlySet<string> = new Set([
  REPORT_PATHS.report,
  REPORT_PATHS.clicks,
  REPORT_PATHS.entityStats,
  CONVERSION_API_PATHS.list,
]);

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

function bearerMatches(request: FastifyRequest, token: string | null): boolean {
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Bearer ')) return false;
  const given = crypto.createHash('sha256').update(header.slice(7).trim()).digest();
  const wanted = crypto.createHash('sha256').update(token).digest();
  return crypto.timingSafeEqual(given, wanted);
}

/**
 * Whether a request may read /metrics. A proxy on the same machine makes every visitor a loopback
 * client, so a forwarded request counts as the visitor it forwards, never as loopback.
 */
export function mayScrape(request: FastifyRequest, token: string | null): boolean {
  if (bearerMatches(request, token)) return true;
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

export interface MetricsPluginOptions {
  metrics: CairnMetrics;
  token: string | null;
}

export async function metricsPlugin(app: FastifyInstance, options: MetricsPluginOptions): Promise<void> {
  const { registry } = options.metrics;
  app.get(METRICS_PATH, { exposeHeadRoute: false }, async (request, reply) => {
    if (!mayScrape(request, options.token)) {
      return reply.code(404).send({ message: `Route GET:${METRICS_PATH} not found` });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

/** Report latency and 5xx answers, seen from the whole app (clicks never reach the framework). */
export function observeResponses(app: FastifyInstance, metrics: CairnMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 500) metrics.countServerError();
    const route = request.routeOptions.url;
    if (route !== undefined && REPORT_ROUTES.has(route)) {
      metrics.reportSeconds.observe({ route }, reply.elapsedTime / 1000);
    }
  });
}
