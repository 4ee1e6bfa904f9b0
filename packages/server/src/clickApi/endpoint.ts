import net from 'node:net';
import {
  CLICK_API_PARAMS,
  CLICK_API_TOKEN_HEADER,
  CLICK_PARAMS,
  type ClickApiResponse,
  type DirectClickResponse,
  TRACKING_PATHS,
} from '@cairn/contract';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ClickRequest } from '../tracking/click/engine.ts';
import { queryText } from '../tracking/rawRequest.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { DIRECT_SCRIPT } from './directScript.ts';
import { ClickApiToken } from './token.ts';

// GET|POST /click/api: the click path for a lander's server code. The visitor's facts come as
// parameters (their address, user agent, language, referrer, cookies) with the campaign key and the
// tokens as on /click; the engine routes, enriches and journals the click exactly as for /click, and
// the answer is JSON instead of a redirect. Like /click it reads no database: the token's hash is in
// memory, reloaded on every node when an admin changes it.

/** The most a call's body may hold: a click's parameters, not a file. */
const BODY_MAX = 16 * 1024;
const LIMITS = { userAgent: 2048, language: 512, referrer: 2048, cookies: 8192 } as const;

const json = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).headers({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' }).send(body);

/** Every parameter of the call: the query's, then a form's or a JSON object's of plain values. */
function paramsOf(request: FastifyRequest): URLSearchParams {
  const params = new URLSearchParams(queryText(request.url));
  const body = request.body;
  if (body instanceof URLSearchParams) {
    for (const [name, value] of body) params.append(name, value);
  } else if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        params.append(name, String(value));
      }
    }
  }
  return params;
}

/** Takes the named parameter out of `params`, cut to `max` characters. */
function take(params: URLSearchParams, name: string, max: number): string {
  const value = params.get(name) ?? '';
  params.delete(name);
  return value.slice(0, max);
}

export async function clickApiEndpoint(scope: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const runtime = ctx.tracking;
  const { engine, recorder, recent, counters } = runtime;
  const token = new ClickApiToken();
  await token.load(ctx.store);
  ctx.changes.onChange((kind) =>
    kind === SETTINGS_CHANGE
      ? token.load(ctx.store).catch((error: unknown) => {
          ctx.logger.error({ err: error }, 'click API token not reloaded');
        })
      : undefined,
  );

  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_MAX },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  /** Routes and journals a click as /click would; null when it could not be journaled. */
  const route = (input: ClickRequest, origin: string): ClickApiResponse | null => {
    const result = engine.click(input);
    if (result.kind === 'fallback') {
      counters.clicks.fallback += 1;
      return { status: 'fallback', reason: result.reason, url: engine.settings.fallbackUrl };
    }
    const { event } = result;
    // Journaled before it is answered, as on /click; kept in memory for a fast postback or click-through.
    recorder.stage(event);
    const write = recorder.pendingWrite;
    recent.rememberLine(event.clickId, recorder.lastStagedLine, true);
    try {
      recorder.commit();
    } catch (error) {
      ctx.logger.error({ err: error }, 'click API click could not be journaled');
    }
    if (write.written !== true) {
      recent.forgetClick(event.clickId);
      return null;
    }
    counters.clicks.routed += 1;
    runtime.clicksPerMinute.add(event.time);
    const landed = event.landingId !== 0;
    // With a lander the offer comes after it; its final URL as the click-through would fill it in.
    const throughLander = landed ? engine.lpClick(event, input, 1) : null;
    return {
      status: 'routed',
      clickId: event.clickId,
      campaignId: event.campaignId,
      url: result.url,
      redirectMode: result.mode,
      lander: landed ? { id: event.landingId, name: result.trace.landingName ?? '', url: result.url } : null,
      offer: {
        id: event.offerId,
        name: result.trace.offerName ?? '',
        url: throughLander?.kind === 'routed' ? throughLander.url : landed ? '' : result.url,
        clickThroughUrl: landed ? clickThroughUrl(origin, event.clickId) : null,
      },
      unique: event.isUnique,
      bot: event.isBot,
      costMicros: event.costMicros,
      cookies: result.cookies,
    };
  };

  const clickThroughUrl = (origin: string, clickId: string) =>
    `${origin}${engine.settings.paths.click}?${CLICK_PARAMS.lp}=1&${CLICK_PARAMS.clickId}=${clickId}`;

  const answer = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const params = paramsOf(request);
    const given = take(params, CLICK_API_PARAMS.token, 256);
    const header = request.headers[CLICK_API_TOKEN_HEADER];
    const presented = given || (typeof header === 'string' ? header : '');
    if (!token.accepts(presented)) {
      return json(reply, 401, { message: 'A valid click-API token is required (Settings > Click API)' });
    }
    const ip = take(params, CLICK_API_PARAMS.ip, 64).trim();
    const problems: { message: string; detail: { field: string } }[] = [];
    if (net.isIP(ip) === 0) {
      problems.push({ message: "The visitor's IP address, e.g. 203.0.113.9", detail: { field: 'ip' } });
    }
    if (!params.get(CLICK_PARAMS.key)) {
      problems.push({ message: 'The campaign key', detail: { field: CLICK_PARAMS.key } });
    }
    if (params.get(CLICK_PARAMS.lp) !== null) {
      problems.push({ message: 'Lander click-throughs go through the click link', detail: { field: 'lp' } });
    }
    if (problems.length > 0) return json(reply, 400, { message: 'Invalid request', errors: problems });

    const cookieText = take(params, CLICK_API_PARAMS.cookies, LIMITS.cookies);
    const input = {
      ip,
      userAgent: take(params, CLICK_API_PARAMS.userAgent, LIMITS.userAgent),
      acceptLanguage: take(params, CLICK_API_PARAMS.language, LIMITS.language),
      referrer: take(params, CLICK_API_PARAMS.referrer, LIMITS.referrer),
      cookies: cookieText === '' ? {} : fastifyCookie.parse(cookieText),
      query: params,
      now: ctx.config.now(),
    };
    const routed = route(input, `${request.protocol}://${request.host}`);
    if (routed === null) return json(reply, 503, { message: 'The click could not be recorded; try again' });
    return json(reply, 200, routed);
  };

  scope.get(TRACKING_PATHS.clickApi, { exposeHeadRoute: false }, answer);

  // Direct tracking: the script, cached a while (it is the same for every lander), and the call it makes
  // from the lander's page. That call comes from any site, so it answers any origin, with no cookies.
  scope.get(TRACKING_PATHS.directScript, async (_request, reply) =>
    reply
      .headers({
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
      })
      .send(DIRECT_SCRIPT),
  );

  scope.get(TRACKING_PATHS.direct, { exposeHeadRoute: false }, async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    const params = new URLSearchParams(queryText(request.url));
    const referrer = take(params, CLICK_API_PARAMS.referrer, LIMITS.referrer);
    // The page's own parameters come along; none of them may make this a lander click-through.
    params.delete(CLICK_PARAMS.lp);
    if (!params.get(CLICK_PARAMS.key)) {
      return json(reply, 400, {
        message: 'Invalid request',
        errors: [{ message: 'The campaign key', detail: { field: CLICK_PARAMS.key } }],
      });
    }
    const header = (name: string, max: number) => {
      const value = request.headers[name];
      return (typeof value === 'string' ? value : '').slice(0, max);
    };
    const origin = `${request.protocol}://${request.host}`;
    const routed = route(
      {
        ip: request.ip,
        userAgent: header('user-agent', LIMITS.userAgent),
        acceptLanguage: header('accept-language', LIMITS.language),
        referrer,
        cookies: {},
        query: params,
        now: ctx.config.now(),
      },
      origin,
    );
    if (routed === null) return json(reply, 503, { message: 'The click could not be recorded; try again' });
    const answer: DirectClickResponse =
      routed.status === 'routed'
        ? {
            status: 'routed',
            clickId: routed.clickId,
            clickThroughUrl: clickThroughUrl(origin, routed.clickId),
          }
        : { status: 'fallback', reason: routed.reason };
    return json(reply, 200, answer);
  });
  scope.post(TRACKING_PATHS.clickApi, { bodyLimit: BODY_MAX }, answer);
}
