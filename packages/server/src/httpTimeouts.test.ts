import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCairn } from '../test-support/server.ts';
import { ConfigError, loadConfig, resolveConfig } from './config.ts';
import type { RunningCairn } from './index.ts';

// A client that sends its request slowly, or keeps an idle socket, is cut off by the server's timeouts
// (short ones here, so the test runs quickly; config.ts has the defaults).

let cairn: RunningCairn;
beforeAll(async () => {
  cairn = await startTestCairn({
    httpHeadersTimeoutMs: 300,
    httpRequestTimeoutMs: 600,
    httpKeepAliveTimeoutMs: 300,
  });
});
afterAll(async () => {
  await cairn.close();
});

/** A socket to the server; `closed` resolves with the ms it stayed open and what the server sent. */
function connect(): { socket: net.Socket; closed: Promise<{ openMs: number; received: string }> } {
  const { port } = new URL(cairn.url);
  const opened = Date.now();
  const socket = net.connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => {
    received += String(chunk);
  });
  socket.on('error', () => {
    // A reset is a close too.
  });
  const closed = new Promise<{ openMs: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ openMs: Date.now() - opened, received })),
  );
  return { socket, closed };
}

describe('HTTP timeouts', () => {
  it('disconnects a client that sends its headers slowly (slowloris)', async () => {
    const { socket, closed } = connect();
    socket.write('GET /click?key=slow HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A header line every 50 ms, never the blank line that ends the headers.
    let lines = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${lines++}: a\r\n`);
    }, 50);
    const timeout = setTimeout(() => socket.destroy(), 10_000);
    const { openMs, received } = await closed;
    clearInterval(drip);
    clearTimeout(timeout);
    expect(openMs).toBeLessThan(5_000);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('disconnects a client that connects and sends nothing', async () => {
    const { socket, closed } = connect();
    const timeout = setTimeout(() => socket.destroy(), 10_000);
    const { openMs } = await closed;
    clearTimeout(timeout);
    expect(openMs).toBeLessThan(5_000);
  });

  it('answers a prompt client, then closes its idle kept-alive socket', async () => {
    const { socket, closed } = connect();
    socket.write('GET /click?key=prompt HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    const timeout = setTimeout(() => socket.destroy(), 10_000);
    const { openMs, received } = await closed;
    clearTimeout(timeout);
    expect(received).toMatch(/^HTTP\/1\.1 404/);
    expect(openMs).toBeLessThan(5_000);
  });
});

describe('HTTP timeout settings', () => {
  it('are read from CAIRN_HTTP_* in milliseconds, with defaults', () => {
    expect(resolveConfig({})).toMatchObject({
      httpHeadersTimeoutMs: 20_000,
      httpRequestTimeoutMs: 60_000,
      httpKeepAliveTimeoutMs: 72_000,
    });
    expect(
      loadConfig({
        CAIRN_HTTP_HEADERS_TIMEOUT_MS: '5000',
        CAIRN_HTTP_REQUEST_TIMEOUT_MS: '30000',
        CAIRN_HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      }),
    ).toMatchObject({
      httpHeadersTimeoutMs: 5000,
      httpRequestTimeoutMs: 30_000,
      httpKeepAliveTimeoutMs: 65_000,
    });
    // 0 would turn a timeout off.
    expect(() => loadConfig({ CAIRN_HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ CAIRN_HTTP_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => resolveConfig({ httpHeadersTimeoutMs: 61_000 })).toThrow(
      /at most CAIRN_HTTP_REQUEST_TIMEOUT_MS/,
    );
  });
});
