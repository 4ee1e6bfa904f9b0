import { TRACKING_PATHS } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerPostbackRoutes } from '../conversions/routes.ts';
import { fallbackAnswer, hopAnswer, isHttpUrl, type RedirectAnswer } from './click/redirect.ts';
import { type ClickHandler, isClickPathPostback } from './clickHandler.ts';
import { queryText } from './rawRequest.ts';
import type { TrackingRuntime } from './runtime.ts';

export interface TrackingPluginOptions {
  tracking: TrackingRuntime;
  /** The click path, shared with the server's pre-router hand-off (app.ts). */
  clicks: ClickHandler;
}

function send(reply: FastifyReply, answer: RedirectAnswer): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  return reply.send(answer.body ?? '');
}

/**
 * The public tracking endpoints (click, lander click, the double-meta hop). No session, CSRF or
 * hide-profit hook reaches this plugin: its routes answer hostile traffic on the hot path. A click is
 * journaled before it is answered, and whatever goes wrong ends in the fallback, never a 5xx.
 */
export async function trackingPlugin(
  tracking: FastifyInstance,
  options: TrackingPluginOptions,
): Promise<void> {
  const runtime = options.tracking;
  const { engine } = runtime;
  const postbacks = registerPostbackRoutes(tracking, runtime);

  const click = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (isClickPathPostback(request.url)) return postbacks.fromClickPath(request, reply);
    reply.hijack();
    await options.clicks.serve(request.raw, reply.raw);
    return reply;
  };

  for (const url of [TRACKING_PATHS.click, TRACKING_PATHS.clickPhp]) {
    tracking.get(url, click);
  }

  tracking.get(TRACKING_PATHS.hop, async (request, reply) => {
    const query = new URLSearchParams(queryText(request.url));
    const target = query.get('u') ?? '';
    const signature = query.get('s') ?? '';
    // Only URLs this tracker signed are followed, so the hop is no open redirect.
    if (!isHttpUrl(target) || !runtime.hopLinks.verify(target, query.get('e') ?? '', signature)) {
      return send(reply, fallbackAnswer(engine.settings.fallbackUrl));
    }
    return send(reply, hopAnswer(target));
  });
}
