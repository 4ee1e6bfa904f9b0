import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { CLICK_QUERY_MAX, truncateText } from '@cairn/contract';
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
  return start === -1 ? '' : truncateText(url.slice(start + 1), CLICK_QUERY_MAX);
}

/** The headers a click reads, as Node's `request.headers` would give them ('' for a missing one). */
export interface ClickHeaders {
  userAgent: string;
  referer: string;
  acceptLanguage: string;
  cookie: string;
  forwardedFor: string;
  forwardedProto: string;
}

/**
 * The click's headers read from Node's raw list in one pass. Node builds `request.headers` on first use
 * from every header the client sent, lower-casing and merging each: 1.6% of a loaded click server's CPU
 * profile, which the bare server it is measured against never pays. Repeats merge as Node merges them:
 * the first User-Agent and Referer win, Cookie values join with '; ', the others with ', '.
 */
export function clickHeadersOf(request: IncomingMessage): ClickHeaders {
  const headers: ClickHeaders = {
    userAgent: '',
    referer: '',
    acceptLanguage: '',
    cookie: '',
    forwardedFor: '',
    forwardedProto: '',
  };
  let seen = 0;
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index] as string;
    const value = raw[index + 1] as string;
    switch (name.length) {
      case 10:
        if ((seen & 1) === 0 && name.toLowerCase() === 'user-agent') {
          headers.userAgent = value;
          seen |= 1;
        }
        break;
      case 7:
        if ((seen & 2) === 0 && name.toLowerCase() === 'referer') {
          headers.referer = value;
          seen |= 2;
        }
        break;
      case 6:
        if (name.toLowerCase() === 'cookie') headers.cookie = joined(headers.cookie, value, '; ');
        break;
      case 15: {
        const lower = name.toLowerCase();
        if (lower === 'accept-language') headers.acceptLanguage = joined(headers.acceptLanguage, value, ', ');
        else if (lower === 'x-forwarded-for')
          headers.forwardedFor = joined(headers.forwardedFor, value, ', ');
        break;
      }
      case 17:
        if (name.toLowerCase() === 'x-forwarded-proto') {
          headers.forwardedProto = joined(headers.forwardedProto, value, ', ');
        }
        break;
    }
  }
  return headers;
}

function joined(before: string, value: string, separator: string): string {
  return before === '' ? value : `${before}${separator}${value}`;
}

export interface ProxyRules {
  address(request: IncomingMessage): string;
  isHttps(request: IncomingMessage): boolean;
  /** `address`, given the request's X-Forwarded-For ('' for none). */
  addressOf(socket: Socket, forwardedFor: string): string;
  /** `isHttps`, given the request's X-Forwarded-Proto ('' for none). */
  isHttpsOf(socket: Socket, forwardedProto: string): boolean;
}

/** The same trust rules as the framework's `request.ip` and `request.protocol` (proxy-addr). */
export function proxyRules(trust: CairnConfig['trustProxy']): ProxyRules {
  const encrypted = (socket: Socket) => Boolean((socket as { encrypted?: boolean }).encrypted);
  if (trust === false) {
    const addressOf = (socket: Socket) => socket.remoteAddress ?? '';
    return {
      address: (request) => addressOf(request.socket),
      isHttps: (request) => encrypted(request.socket),
      addressOf,
      isHttpsOf: encrypted,
    };
  }
  const trusted = typeof trust === 'function' ? trust : proxyAddr.compile(trust);
  const forwardedOf = (request: IncomingMessage, name: string): string => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : '';
  };
  // proxy-addr reads only these two fields of the request.
  const addressOf = (socket: Socket, forwardedFor: string) =>
    proxyAddr(
      { headers: { 'x-forwarded-for': forwardedFor }, socket } as unknown as IncomingMessage,
      trusted,
    );
  const isHttpsOf = (socket: Socket, forwardedProto: string) => {
    if (forwardedProto !== '' && trusted(socket.remoteAddress ?? '', 0)) {
      return forwardedProto.slice(forwardedProto.lastIndexOf(',') + 1).trim() === 'https';
    }
    return encrypted(socket);
  };
  return {
    address: (request) => addressOf(request.socket, forwardedOf(request, 'x-forwarded-for')),
    isHttps: (request) => isHttpsOf(request.socket, forwardedOf(request, 'x-forwarded-proto')),
    addressOf,
    isHttpsOf,
  };
}
