import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRACKING_PATHS } from '@cairn/contract';
import type { CairnConfig } from '../config.ts';
import { pathOf } from '../http.ts';
import { CLICK_PATHS, isClickPathPostback } from '../tracking/clickHandler.ts';
import { proxyRules, queryText, type RawHandler } from '../tracking/rawRequest.ts';
import { queryReader } from './params.ts';
import type { ConversionService, PostbackAnswer, PostbackRequest } from './service.ts';

// GET postbacks (`/postback?...` and the Binom-style `/click?cnv_id=...`) on Node's own request and
// response, handed over before the framework routes them, as clicks are (app.ts): a network's burst of
// postbacks is the other hot path, and the framework's per-request objects and hooks are work a
// plain-text answer does not need. POST postbacks (bodies to parse), HEAD requests and requests that
// arrive through inject() take the framework's routes (routes.ts), which answer the same way.

/** Headers of every postback answer: plain text a network's log can show, never cached. */
export const POSTBACK_ANSWER_HEADERS = {
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-store',
} as const;

/** A postback read from a request target's query. */
export function postbackFromQuery(url: string, ip: string, via: PostbackRequest['via']): PostbackRequest {
  const raw = queryText(url);
  return { via, ip, read: queryReader(new URLSearchParams(raw)), raw, checkIp: true, checkKey: true };
}

function sendAnswer(response: ServerResponse, answer: Pick<PostbackAnswer, 'status' | 'text'>): void {
  response.writeHead(answer.status, {
    ...POSTBACK_ANSWER_HEADERS,
    'content-length': Buffer.byteLength(answer.text),
  });
  response.end(answer.text);
}

export interface PostbackHandlerOptions {
  conversions: Pick<ConversionService, 'handle'>;
  trustProxy: CairnConfig['trustProxy'];
  logger: { error(obj: unknown, msg?: string): void };
}

export function createPostbackHandler(options: PostbackHandlerOptions): RawHandler {
  const { conversions, logger } = options;
  const proxy = proxyRules(options.trustProxy);
  return {
    takes(request) {
      if (request.method !== 'GET') return false;
      const url = request.url ?? '';
      const path = pathOf(url);
      return path === TRACKING_PATHS.postback || (CLICK_PATHS.has(path) && isClickPathPostback(url));
    },

    async serve(request: IncomingMessage, response: ServerResponse) {
      const url = request.url ?? '';
      const via = pathOf(url) === TRACKING_PATHS.postback ? 'postback' : 'click';
      try {
        sendAnswer(response, await conversions.handle(postbackFromQuery(url, proxy.address(request), via)));
      } catch (error) {
        // handle() answers its own failures; this is a bug's last stop. 5xx: the network retries.
        logger.error({ err: error }, 'postback failed');
        if (!response.headersSent) sendAnswer(response, { status: 500, text: 'error: internal error' });
        else response.destroy();
      }
    },
  };
}
