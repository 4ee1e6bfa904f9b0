import { TRACKING_PATHS } from '@cairn/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { queryText } from '../tracking/rawRequest.ts';
import type { TrackingRuntime } from '../tracking/runtime.ts';
import { POSTBACK_ANSWER_HEADERS, postbackFromQuery } from './handler.ts';
import { bodyReader } from './params.ts';
import type { PostbackAnswer, PostbackRequest } from './service.ts';

// The public conversion endpoints: `GET|POST /postback`, the Binom-style `/click?cnv_id=...` (handed
// over by the click route) and the `/conversion.gif` pixel. Plain-text answers a network's logs can
// show: 200 "OK" or "ignored: why", 400 for a malformed postback, 403 for a refused address, 404 for an
// unknown click. Like the click path they run none of the panel's session hooks.

/** Largest postback body read (form or JSON); a postback is a handful of short fields. */
export const POSTBACK_BODY_MAX = 16 * 1024;
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface PostbackRoutes {
  /** Answers a `/click` (or `/click.php`) request carrying `cnv_id` as a postback. */
  fromClickPath(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

function answerText(reply: FastifyReply, answer: PostbackAnswer): FastifyReply {
  return reply.code(answer.status).headers(POSTBACK_ANSWER_HEADERS).send(answer.text);
}

function bodyText(body: unknown): string {
  if (body instanceof URLSearchParams) return body.toString();
  if (body === undefined || body === null) return '';
  try {
    return JSON.stringify(body);
  } catch {
    return '';
  }
}

export function registerPostbackRoutes(tracking: FastifyInstance, runtime: TrackingRuntime): PostbackRoutes {
  const conversions = runtime.conversions;
  // Networks post forms as often as JSON; Fastify reads only JSON by itself.
  tracking.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: POSTBACK_BODY_MAX },
    (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    },
  );

  const fromQuery = (request: FastifyRequest, via: PostbackRequest['via']): PostbackRequest =>
    postbackFromQuery(request.url, request.ip, via);

  // No HEAD twins of the GET routes: a link checker's HEAD must not record a conversion.
  tracking.get(TRACKING_PATHS.postback, { exposeHeadRoute: false }, async (request, reply) =>
    answerText(reply, await conversions.handle(fromQuery(request, 'postback'))),
  );

  tracking.post(TRACKING_PATHS.postback, { bodyLimit: POSTBACK_BODY_MAX }, async (request, reply) => {
    const raw = queryText(request.url);
    const query = new URLSearchParams(raw);
    const body = bodyText(request.body);
    const answer = await conversions.handle({
      via: 'postback',
      ip: request.ip,
      read: bodyReader(request.body, query),
      raw: raw && body ? `${raw} ${body}` : raw || body,
      checkIp: true,
      checkKey: true,
    });
    return answerText(reply, answer);
  });

  tracking.get(TRACKING_PATHS.conversionPixel, { exposeHeadRoute: false }, async (request, reply) => {
    try {
      await conversions.pixel(fromQuery(request, 'pixel'));
    } catch (error) {
      // The pixel answers its image whatever happened: a broken image on a thank-you page helps nobody.
      request.log.error({ err: error }, 'conversion pixel failed');
    }
    return reply
      .code(200)
      .header('content-type', 'image/gif')
      .header('cache-control', 'no-store, no-cache, must-revalidate')
      .send(GIF);
  });

  return {
    async fromClickPath(request, reply) {
      if (request.method === 'HEAD') return reply.code(405).header('allow', 'GET').send();
      return answerText(reply, await conversions.handle(fromQuery(request, 'click')));
    },
  };
}
