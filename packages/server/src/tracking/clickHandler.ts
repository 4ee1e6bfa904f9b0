import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLICK_COOKIE, CLICK_PARAMS, TRACKING_PATHS } from '@cairn/contract';
import { fastifyCookie } from '@fastify/cookie';
import type { CairnConfig } from '../config.ts';
import { clickTimeOf } from '../events/clickId.ts';
import { EVENT_KIND } from '../events/event.ts';
import { pathOf } from '../http.ts';
import { CommitPacer } from '../journal/commitPacer.ts';
import type { JournalWrite, RecorderLogger } from '../journal/journal.ts';
import { type ClickRequest, type ClickResult, type CookieToSet, randomLpSeq } from './click/engine.ts';
import { ClickQuery, type QueryParams } from './click/query.ts';
import { fallbackAnswer, headerSafeUrl, type RedirectAnswer, redirectAnswer } from './click/redirect.ts';
import { type ClickHeaders, clickHeadersOf, proxyRules, queryText, type RawHandler } from './rawRequest.ts';
import type { TrackingRuntime } from './runtime.ts';

// The click endpoint on Node's own request and response, with nothing of the web framework in between:
// it is the one path every paid visitor takes, and the framework's per-request objects, hooks and
// router cost a third of a click's time. The server hands it GET/HEAD requests for the click paths
// before the framework sees them (see app.ts); the framework's click route calls it too, so there is
// one click path whichever way a request arrives.

export interface ClickHandlerOptions {
  runtime: TrackingRuntime;
  now: () => number;
  trustProxy: CairnConfig['trustProxy'];
  logger: RecorderLogger & { debug(obj: unknown, msg?: string): void };
  /** When staged clicks are journaled and answered (default: a CommitPacer with its defaults). */
  pacer?: CommitPacer;
}

/** `takes`: a click or lander click on a click path (not a Binom-style postback). */
export type ClickHandler = RawHandler;

export const CLICK_PATHS: ReadonlySet<string> = new Set([TRACKING_PATHS.click, TRACKING_PATHS.clickPhp]);

/** A Binom-style postback (`/click?cnv_id=...`): it shares the click path but is no click. */
export function isClickPathPostback(url: string): boolean {
  // The substring test keeps every click from parsing its query twice.
  return (
    url.includes(CLICK_PARAMS.conversionClickId) &&
    new URLSearchParams(queryText(url)).has(CLICK_PARAMS.conversionClickId)
  );
}

interface StagedClick {
  request: IncomingMessage;
  forwardedProto: string;
  response: ServerResponse;
  result: Extract<ClickResult, { kind: 'routed' }>;
  write: JournalWrite;
  remembered: boolean;
  /** performance.now() when the request reached the handler. */
  arrivedAt: number;
}

/** What the engine sets: `cairn_u<id>`, `cairn_click`, base-36 times and click ids. */
const COOKIE_TOKEN = /^[\w-]+$/;

/**
 * The Set-Cookie value of a cookie the engine sets, as the cookie library writes it. Its names and values
 * need no encoding, so the string is built directly: 0.3-0.5 us against 1.1-1.6 us through the library's
 * option objects and checks, and nearly every click of paid traffic sets one (a new visitor). Anything
 * else still goes through the library.
 */
export function setCookieOf(cookie: CookieToSet, secure: boolean): string {
  if (!COOKIE_TOKEN.test(cookie.name) || !COOKIE_TOKEN.test(cookie.value)) {
    return fastifyCookie.serialize(cookie.name, cookie.value, {
      path: '/',
      maxAge: cookie.maxAgeSeconds,
      httpOnly: true,
      sameSite: 'lax',
      secure,
    });
  }
  return `${cookie.name}=${cookie.value}; Max-Age=${cookie.maxAgeSeconds}; Path=/; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
}

/** The answer to a HEAD request on a click path. */
const HEAD_ANSWER: RedirectAnswer = {
  status: 200,
  headers: { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' },
  body: null,
};

function send(
  request: IncomingMessage,
  response: ServerResponse,
  answer: RedirectAnswer,
  cookies?: string[],
): void {
  const body = answer.body ?? '';
  const headers: Record<string, string | number | string[]> = {
    ...answer.headers,
    'content-length': Buffer.byteLength(body),
  };
  if (cookies && cookies.length > 0) headers['set-cookie'] = cookies;
  response.writeHead(answer.status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

export function createClickHandler(options: ClickHandlerOptions): ClickHandler {
  const { runtime, now, logger } = options;
  const { engine, recorder, recent, counters } = runtime;
  const proxy = proxyRules(options.trustProxy);

  const toFallback = (request: IncomingMessage, response: ServerResponse) => {
    counters.clicks.fallback += 1;
    send(request, response, fallbackAnswer(engine.settings.fallbackUrl));
  };

  /**
   * A click that failed (logged by the caller) still gets an answer: the fallback, else the plain 404
   * page. Only a response already under way is cut, since it can no longer be answered.
   */
  const answerFailedClick = (request: IncomingMessage, response: ServerResponse): void => {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    try {
      // Not through toFallback: a failed click is counted as failed, not as a fallback too.
      send(request, response, fallbackAnswer(engine.settings.fallbackUrl));
    } catch (error) {
      logger.error({ err: error }, 'click fallback failed');
      try {
        send(request, response, fallbackAnswer(null));
      } catch {
        response.destroy();
      }
    }
  };

  const hopUrlOf = (url: string): string => `${engine.settings.paths.hop}?${runtime.hopLinks.query(url)}`;

  const deliver = (click: StagedClick): void => {
    const { request, response, result } = click;
    runtime.clicksPerMinute.add(result.event.time);
    const secure = result.cookies.length > 0 && proxy.isHttpsOf(request.socket, click.forwardedProto);
    const cookies = result.cookies.map((cookie) => setCookieOf(cookie, secure));
    // Only the double meta refresh goes through the tracker's hop, and only it pays for the signature.
    const hop = result.mode === 'double_meta_refresh' ? hopUrlOf(headerSafeUrl(result.url)) : '';
    send(request, response, redirectAnswer(result.mode, result.url, hop), cookies);
    if (result.event.kind === EVENT_KIND.lpClick) counters.clicks.lander_click += 1;
    else counters.clicks.routed += 1;
    counters.redirectSeconds.observe((performance.now() - click.arrivedAt) / 1000);
  };

  // Clicks routed in one turn of the event loop are journaled by one write(2), then answered: a click
  // the visitor was sent on is on disk, and a burst pays one system call instead of one per click.
  // Under load a batch waits a few turns for more, and the loop polls a moment after (journal/commitPacer.ts).
  let staged: StagedClick[] = [];
  const pacer = options.pacer ?? new CommitPacer();
  const commitStaged = (): void => {
    const clicks = staged;
    staged = [];
    try {
      recorder.commit();
    } catch (error) {
      logger.error({ err: error }, 'clicks could not be journaled');
    }
    for (const click of clicks) {
      try {
        if (click.write.written === true) deliver(click);
        else {
          if (click.remembered) recent.forgetClick(click.result.event.clickId);
          toFallback(click.request, click.response);
        }
      } catch (error) {
        counters.clicks.failed += 1;
        logger.error({ err: error }, 'click failed');
        answerFailedClick(click.request, click.response);
      }
    }
  };

  // A pending immediate makes libuv poll for I/O without blocking; the requests that arrive meanwhile
  // are served in the turns it keeps.
  const pollWhileDue = (): void => {
    if (pacer.shouldPoll(staged.length)) setImmediate(pollWhileDue);
  };
  const commitWhenDue = (): void => {
    if (pacer.shouldWait(staged.length)) {
      setImmediate(commitWhenDue);
      return;
    }
    commitStaged();
    pacer.committed();
    pollWhileDue();
  };

  /**
   * `remember`: keep the click in memory for its lander click-through and a fast postback (only a click
   * the engine has just minted an id for).
   */
  const answer = (
    request: IncomingMessage,
    response: ServerResponse,
    headers: ClickHeaders,
    result: ClickResult,
    arrivedAt: number,
    remember = false,
  ): void => {
    if (result.kind === 'fallback') {
      logger.debug({ reason: result.reason }, 'click sent to the fallback');
      toFallback(request, response);
      return;
    }
    recorder.stage(result.event);
    // Copied from the journal's bytes while they are there: the line is not encoded a second time. A
    // click whose write then fails is forgotten again before its answer.
    if (remember) recent.rememberLine(result.event.clickId, recorder.lastStagedLine, true);
    staged.push({
      request,
      forwardedProto: headers.forwardedProto,
      response,
      result,
      write: recorder.pendingWrite,
      remembered: remember,
      arrivedAt,
    });
    pacer.staged(staged.length);
    if (staged.length === 1) setImmediate(commitWhenDue);
  };

  const clickRequestOf = (
    request: IncomingMessage,
    headers: ClickHeaders,
    query: QueryParams,
  ): ClickRequest => ({
    query,
    ip: proxy.addressOf(request.socket, headers.forwardedFor),
    userAgent: headers.userAgent.slice(0, 2048),
    acceptLanguage: headers.acceptLanguage.slice(0, 512),
    referrer: headers.referer.slice(0, 2048),
    cookies: headers.cookie === '' ? {} : fastifyCookie.parse(headers.cookie.slice(0, 8192)),
    now: now(),
    rawHeaders: request.rawHeaders,
  });

  return {
    takes(request) {
      const url = request.url ?? '';
      return (
        (request.method === 'GET' || request.method === 'HEAD') &&
        CLICK_PATHS.has(pathOf(url)) &&
        !isClickPathPostback(url)
      );
    },

    async serve(request, response) {
      const arrivedAt = performance.now();
      try {
        // Link checkers and previews ask with HEAD: they are told the link works, and no click is
        // recorded (no visitor was sent anywhere).
        if (request.method === 'HEAD') return send(request, response, HEAD_ANSWER);
        const headers = clickHeadersOf(request);
        const input = clickRequestOf(request, headers, new ClickQuery(queryText(request.url ?? '')));
        if (input.query.get(CLICK_PARAMS.lp) === '1') {
          const idParam = input.query.get(CLICK_PARAMS.clickId) ?? input.cookies[CLICK_COOKIE] ?? '';
          const clickTime = clickTimeOf(idParam);
          if (clickTime === null) return toFallback(request, response);
          const found = recent.get(idParam) ?? (await runtime.findClick(idParam, clickTime));
          if (!found)
            return answer(
              request,
              response,
              headers,
              { kind: 'fallback', reason: 'unknown click', trace: null },
              arrivedAt,
            );
          return answer(
            request,
            response,
            headers,
            engine.lpClick(found, input, recent.nextLpSeq(idParam) ?? randomLpSeq()),
            arrivedAt,
          );
        }
        // Every click is remembered, not only lander clicks: a fast postback then finds its click
        // without a store read.
        return answer(request, response, headers, engine.click(input), arrivedAt, true);
      } catch (error) {
        counters.clicks.failed += 1;
        logger.error({ err: error }, 'click failed');
        answerFailedClick(request, response);
      }
    },
  };
}
