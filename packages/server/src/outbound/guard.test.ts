import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboundGuard, OutboundRefused, OutboundTimeout, type ResolvedAddress } from './guard.ts';

// The guard against real local HTTP servers: what it refuses never reaches them, what an operator
// allows does, redirects are answers, and a slow destination holds only its own slots.

interface Local {
  port: number;
  paths: string[];
  /** Answers held back until release(). */
  release(): void;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function local(
  handle: (request: http.IncomingMessage, response: http.ServerResponse) => void,
  hold = false,
): Promise<Local> {
  const held: (() => void)[] = [];
  const state: Local = {
    port: 0,
    paths: [],
    release: () => {
      for (const go of held.splice(0)) go();
    },
  };
  const server = http.createServer((request, response) => {
    state.paths.push(request.url ?? '');
    if (hold) held.push(() => handle(request, response));
    else handle(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

const ok = (_request: http.IncomingMessage, response: http.ServerResponse) => response.end('fine');
const LOOPBACK = ['127.0.0.1/32'];
const resolvingTo = (address: string) => async (): Promise<ResolvedAddress[]> => [{ address, family: 4 }];

describe('outbound guard', () => {
  it('refuses a loopback URL, literal or in another spelling, before anything is sent', async () => {
    const server = await local(ok);
    const guard = new OutboundGuard();
    for (const host of ['127.0.0.1', '2130706433', '0x7f.1', '[::ffff:127.0.0.1]']) {
      await expect(guard.get(`http://${host}:${server.port}/s2s`, { timeoutMs: 2000 }), host).rejects.toThrow(
        OutboundRefused,
      );
    }
    await expect(guard.get(`http://127.0.0.1:${server.port}/`, { timeoutMs: 2000 })).rejects.toThrow(
      '127.0.0.1 is a loopback address',
    );
    expect(server.paths).toEqual([]);
  });

  it('calls a private destination the operator allowed', async () => {
    const server = await local(ok);
    const guard = new OutboundGuard({ privateDestinations: LOOPBACK });
    const answer = await guard.get(`http://127.0.0.1:${server.port}/s2s?x=1`, {
      timeoutMs: 2000,
      maxBodyBytes: 100,
    });
    expect(answer).toMatchObject({ status: 200, location: null, body: 'fine' });
    expect(answer.headers['content-length']).toBe('4');
    expect(server.paths).toEqual(['/s2s?x=1']);
  });

  it('checks the address a name resolves to when the socket connects', async () => {
    const server = await local(ok);
    // A public-looking name that resolves to loopback (DNS rebinding ends like this at connect time).
    const refusing = new OutboundGuard({ resolve: resolvingTo('127.0.0.1') });
    await expect(refusing.get(`http://rebound.example:${server.port}/`, { timeoutMs: 2000 })).rejects.toThrow(
      'rebound.example resolves to 127.0.0.1 is a loopback address',
    );
    const metadata = new OutboundGuard({ resolve: resolvingTo('169.254.169.254') });
    await expect(metadata.get('http://metadata.example/latest/', { timeoutMs: 2000 })).rejects.toThrow(
      'link-local',
    );
    expect(server.paths).toEqual([]);
    // The same resolver with loopback allowed connects to the address it gave: the check is on that socket.
    const allowing = new OutboundGuard({ resolve: resolvingTo('127.0.0.1'), privateDestinations: LOOPBACK });
    expect((await allowing.get(`http://rebound.example:${server.port}/`, { timeoutMs: 2000 })).status).toBe(
      200,
    );
    expect(server.paths).toEqual(['/']);
  });

  it('answers a redirect with the 3xx, never following it', async () => {
    const server = await local((request, response) => {
      if (request.url === '/hop') response.writeHead(302, { location: '/inside' }).end();
      else response.end('followed');
    });
    const guard = new OutboundGuard({ privateDestinations: LOOPBACK });
    const answer = await guard.get(`http://127.0.0.1:${server.port}/hop`, {
      timeoutMs: 2000,
      maxBodyBytes: 100,
    });
    expect(answer).toMatchObject({ status: 302, location: '/inside' });
    expect(server.paths).toEqual(['/hop']);
  });

  it('calls http and https only, without credentials in the URL', async () => {
    const guard = new OutboundGuard();
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://example.com/', 'not a url']) {
      await expect(guard.get(url, { timeoutMs: 1000 }), url).rejects.toThrow(OutboundRefused);
    }
    await expect(guard.get('http://user:secret@example.com/', { timeoutMs: 1000 })).rejects.toThrow(
      'credentials',
    );
  });

  it('gives up on a destination that does not answer in time, and on an oversized answer', async () => {
    const silent = await local(() => {}, false);
    const guard = new OutboundGuard({ privateDestinations: LOOPBACK });
    await expect(guard.get(`http://127.0.0.1:${silent.port}/`, { timeoutMs: 300 })).rejects.toThrow(
      OutboundTimeout,
    );
    const large = await local((_request, response) => response.end('x'.repeat(5000)));
    await expect(
      guard.get(`http://127.0.0.1:${large.port}/`, { timeoutMs: 2000, maxBodyBytes: 1000 }),
    ).rejects.toThrow('larger than 1000 bytes');
  });

  it('limits calls per destination, so a slow one does not hold up another', async () => {
    const slow = await local(ok, true);
    const fast = await local(ok);
    const guard = new OutboundGuard({ privateDestinations: LOOPBACK, perDestination: 1 });
    const slowCalls = [1, 2].map((n) => guard.get(`http://127.0.0.1:${slow.port}/${n}`, { timeoutMs: 5000 }));
    await expect.poll(() => slow.paths.length).toBe(1);
    expect(guard.load(`127.0.0.1:${slow.port}`)).toBe(2);
    expect((await guard.get(`http://127.0.0.1:${fast.port}/`, { timeoutMs: 2000 })).status).toBe(200);
    // The second slow call waits for the first: only one at a time reached the slow host.
    expect(slow.paths).toEqual(['/1']);
    slow.release();
    await expect.poll(() => slow.paths.length).toBe(2);
    slow.release();
    expect((await Promise.all(slowCalls)).map((answer) => answer.status)).toEqual([200, 200]);
    expect(guard.load(`127.0.0.1:${slow.port}`)).toBe(0);
  });
});
