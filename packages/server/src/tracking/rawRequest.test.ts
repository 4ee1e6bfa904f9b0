import http from 'node:http';
import net from 'node:net';
import { CLICK_QUERY_MAX } from '@cairn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustHops } from '../config.ts';
import { type ClickHeaders, clickHeadersOf, proxyRules, queryText } from './rawRequest.ts';

// clickHeadersOf reads Node's raw header list so a click never builds `request.headers`; it must give
// what that object gives, on real requests parsed by Node's own HTTP parser.

interface Seen {
  fromRaw: ClickHeaders;
  fromNode: ClickHeaders;
  address: string;
  addressOfRaw: string;
  https: boolean;
  httpsOfRaw: boolean;
}

let server: http.Server;
let port = 0;
let last: Seen | null = null;
const rules = proxyRules(trustHops(1));

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const fromRaw = clickHeadersOf(request);
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    last = {
      fromRaw,
      fromNode: {
        userAgent: header('user-agent'),
        referer: header('referer'),
        acceptLanguage: header('accept-language'),
        cookie: header('cookie'),
        forwardedFor: header('x-forwarded-for'),
        forwardedProto: header('x-forwarded-proto'),
      },
      address: rules.address(request),
      addressOfRaw: rules.addressOf(request.socket, fromRaw.forwardedFor),
      https: rules.isHttps(request),
      httpsOfRaw: rules.isHttpsOf(request.socket, fromRaw.forwardedProto),
    };
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the header lines as written, byte for byte, and answers what the server saw. */
function send(headerLines: string[]): Promise<Seen> {
  return new Promise((resolve, reject) => {
    last = null;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        Buffer.from(
          `GET /click?key=x HTTP/1.1\r\nHost: t.example\r\n${headerLines.map((line) => `${line}\r\n`).join('')}Connection: close\r\n\r\n`,
          'latin1',
        ),
      );
    });
    socket.on('data', () => {});
    socket.on('error', reject);
    socket.on('close', () => (last ? resolve(last) : reject(new Error('no request reached the server'))));
  });
}

describe('clickHeadersOf', () => {
  it.each<[string, string[]]>([
    ['no headers it reads', []],
    [
      'each header once, in lower case',
      [
        'user-agent: Mozilla/5.0 (iPhone)',
        'referer: https://ref.example/a?b=1',
        'accept-language: de-DE,de;q=0.9',
        'cookie: cairn_u7=abc; other=1',
        'x-forwarded-for: 203.0.113.9',
        'x-forwarded-proto: https',
      ],
    ],
    [
      'names in any case',
      [
        'User-Agent: UA',
        'REFERER: https://r.example/',
        'Accept-Language: fr',
        'Cookie: a=1',
        'X-Forwarded-For: 198.51.100.2',
        'X-FORWARDED-PROTO: http',
      ],
    ],
    [
      'repeats, merged as Node merges them',
      [
        'User-Agent: first agent',
        'user-agent: second agent',
        'Referer: https://first.example/',
        'Referer: https://second.example/',
        'Accept-Language: en',
        'accept-language: de;q=0.5',
        'Cookie: a=1',
        'cookie: b=2',
        'X-Forwarded-For: 10.0.0.1',
        'x-forwarded-for: 203.0.113.7, 198.51.100.3',
        'X-Forwarded-Proto: http',
        'X-Forwarded-Proto: https',
      ],
    ],
    ['empty values', ['User-Agent:', 'Cookie: ', 'X-Forwarded-For:', 'Accept-Language:  ']],
    [
      'look-alike names of the same length',
      [
        'User-Agenx: no',
        'Referex: no',
        'Cookix: no',
        'X-Forwarded-Fox: no',
        'Accept-Languagx: no',
        'x-forwarded-prox: no',
      ],
    ],
    ['bytes past ASCII', ['User-Agent: Caf\u00e9 \u00ff', 'Referer: https://b\u00fccher.example/']],
  ])('gives what request.headers gives: %s', async (_case, lines) => {
    const seen = await send(lines);
    expect(seen.fromRaw).toEqual(seen.fromNode);
    expect(seen.addressOfRaw).toBe(seen.address);
    expect(seen.httpsOfRaw).toBe(seen.https);
  });

  it('trusts the forwarded address and scheme one proxy deep, as the framework does', async () => {
    const seen = await send(['X-Forwarded-For: 203.0.113.7, 198.51.100.3', 'X-Forwarded-Proto: http, https']);
    expect(seen.addressOfRaw).toBe('198.51.100.3');
    expect(seen.httpsOfRaw).toBe(true);
    const direct = await send([]);
    expect(direct.addressOfRaw).toBe('127.0.0.1');
    expect(direct.httpsOfRaw).toBe(false);
  });
});

describe('queryText', () => {
  it('cuts a long query by code point, never inside a surrogate pair', () => {
    const query = `t=${'a'.repeat(CLICK_QUERY_MAX - 3)}😀`;
    const cut = queryText(`/click?${query}`);
    expect(cut).toBe(query.slice(0, CLICK_QUERY_MAX - 1));
    expect(cut.isWellFormed()).toBe(true);
    expect(queryText('/click?key=abc')).toBe('key=abc');
    expect(queryText('/click')).toBe('');
  });
});
