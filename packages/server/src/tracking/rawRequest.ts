import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLICK_QUERY_MAX } from '@cairn/contract';
import proxyAddr from '@fastify/proxy-addr';
import type { CairnConfig } from '../config.ts';

// What the public endpoints read of Node's own request when they answer it before the framework does
// (app.ts): the query text and the client's address, by the same rules the framework applies.

/** An endpoint answered on Node's own request and response, before the framework routes it. */
export interface RawHandler {
  /** Whether this request is one it answers. */
  takes(request: IncomingMessage): boolean;
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** The query of a request target, cut to CLICK_QUERY_MAX characters before anything parses it. */
export function queryText(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start + 1, start + 1 + CLICK_QUERY_MAX);
}

export function headerValue(request: IncomingMessage, name: string, max: number): string {
  const value = request.headers[name];
  return ((Array.isArray(value) ? value[0] : value) ?? '').slice(0, max);
}

export interface ProxyRules {
  address(request: IncomingMessage): string;
  isHttps(request: IncomingMessage): boolean;
}

/** The same trust rules as the framework's `request.ip` and `request.protocol` (proxy-addr). */
export function proxyRules(trust: CairnConfig['trustProxy']): ProxyRules {
  if (trust === false) {
    return {
      address: (request) => request.socket.remoteAddress ?? '',
      isHttps: (request) => Boolean((request.socket as { encrypted?: boolean }).encrypted),
    };
  }
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  return {
    address: (request) => proxyAddr(request, trusted),
    isHttps: (request) => {
      const forwarded = request.headers['x-forwarded-proto'];
      if (typeof forwarded === 'string' && trusted(request.socket.remoteAddress ?? '', 0)) {
        return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
      }
      return Boolean((request.socket as { encrypted?: boolean }).encrypted);
    },
  };
}
