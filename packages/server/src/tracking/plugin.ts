import { CLICK_COOKIE, CLICK_PARAMS, CLICK_QUERY_MAX, TRACKING_PATHS } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ClickRequest, type ClickResult, randomLpSeq } from './click/engine.ts';
import {
  fallbackAnswer,
  hopAnswer,
  isHttpUrl,
  type RedirectAnswer,
  redirectAnswer,
} from './click/redirect.ts';
import { clickTimeOf } from './clickId.ts';
import { registerPostbackRoutes } from './postback/routes.ts';
import type { TrackingRuntime } from './runtime.ts';

export interface TrackingPluginOptions {
  tracking: TrackingRuntime;
  now: () => number;
}

/** The query of a request target, cut to CLICK_QUERY_MAX characters before it is parsed. */
function queryOf(url: string): URLSearchParams {
  const start = url.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : url.slice(start + 1, start + 1 + CLICK_QUERY_MAX));
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
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
  const { engine, recorder, recent } = runtime;
  const postbacks = registerPostbackRoutes(tracking, runtime);

  const requestOf = (request: FastifyRequest): ClickRequest => ({
    query: queryOf(request.url),
    ip: request.ip,
    userAgent: header(request, 'user-agent').slice(0, 2048),
    acceptLanguage: header(request, 'accept-language').slice(0, 512),
    referrer: header(request, 'referer').slice(0, 2048),
    cookies: request.cookies,
    now: options.now(),
  });

  const answer = (request: FastifyRequest, reply: FastifyReply, result: ClickResult): FastifyReply => {
    if (result.kind === 'fallback') {
      request.log.debug({ reason: result.reason }, 'click sent to the fallback');
      return send(reply, fallbackAnswer(engine.settings.fallbackUrl));
    }
    // Journaled before the answer leaves: a click the visitor was sent on is never lost.
    recorder.record(result.event);
    runtime.clicksPerMinute.add(result.event.time);
    const secure = request.protocol === 'https';
    for (const cookie of result.cookies) {
      reply.setCookie(cookie.name, cookie.value, {
        path: '/',
        maxAge: cookie.maxAgeSeconds,
        httpOnly: true,
        sameSite: 'lax',
        secure,
      });
    }
    // Only the double meta refresh goes through the tracker's hop, and only it pays for the signature.
    const hop =
      result.mode === 'double_meta_refresh'
        ? `${TRACKING_PATHS.hop}?u=${encodeURIComponent(result.url)}&s=${runtime.hopSignature(result.url)}`
        : '';
    return send(reply, redirectAnswer(result.mode, result.url, hop));
  };

  const click = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    try {
      const input = requestOf(request);
      // Binom-style postbacks come through the click path, so networks set up for Binom keep working.
      if (input.query.has(CLICK_PARAMS.conversionClickId)) return postbacks.fromClickPath(request, reply);
      if (input.query.get(CLICK_PARAMS.lp) === '1') {
        const idParam = input.query.get(CLICK_PARAMS.clickId) ?? input.cookies[CLICK_COOKIE] ?? '';
        const clickTime = clickTimeOf(idParam);
        if (clickTime === null) return send(reply, fallbackAnswer(engine.settings.fallbackUrl));
        const found = recent.get(idParam) ?? (await runtime.findClick(idParam, clickTime));
        if (!found) return answer(request, reply, { kind: 'fallback', reason: 'unknown click', trace: null });
        return answer(
          request,
          reply,
          engine.lpClick(found, input, recent.nextLpSeq(idParam) ?? randomLpSeq()),
        );
      }
      const result = engine.click(input);
      // Every click, not only lander clicks: a fast postback then finds its click without a store read.
      if (result.kind === 'routed') recent.remember(result.event);
      return answer(request, reply, result);
    } catch (error) {
      request.log.error({ err: error }, 'click failed');
      return send(reply, fallbackAnswer(engine.settings.fallbackUrl));
    }
  };

  for (const url of [TRACKING_PATHS.click, TRACKING_PATHS.clickPhp]) {
    tracking.get(url, click);
  }

  tracking.get(TRACKING_PATHS.hop, async (request, reply) => {
    const query = queryOf(request.url);
    const target = query.get('u') ?? '';
    const signature = query.get('s') ?? '';
    // Only URLs this tracker signed are followed, so the hop is no open redirect.
    if (!isHttpUrl(target) || signature !== runtime.hopSignature(target)) {
      return send(reply, fallbackAnswer(engine.settings.fallbackUrl));
    }
    return send(reply, hopAnswer(target));
  });
}
