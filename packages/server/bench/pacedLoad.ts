// Latency at a steady rate, as traffic arrives: requests leave on a fixed schedule (one every 1/rate s)
// whether or not earlier ones have been answered, on a fresh keep-alive connection when every open one
// is busy, and each is timed from the moment it is written to the moment its response has ended.
//
// autocannon's `overallRate` measures something else: each connection sends its whole second's share
// back to back when the second starts and then idles, so "2,000/s" is a burst that fills the core for a
// third of every second; and its coordinated-omission correction assumes a 1 ms interval (the ceiling of
// 1/rate per connection), adding a made-up sample for every millisecond a response took beyond that.
//
// Requests are written to raw sockets and responses read as bytes: node:http's client allocates a few
// kilobytes per request, and its own garbage collections, on the generator's core, showed up as tens of
// milliseconds on whichever server was being measured.
import net from 'node:net';

export interface PacedRequest {
  path: string;
  headers: Record<string, string>;
}

export interface PacedResult {
  sent: number;
  /** Answers with a status of 400 or more, and requests that failed or timed out. */
  errors: number;
  p50: number;
  p99: number;
  max: number;
  /** How late the generator itself wrote requests against their schedule (p99, ms): it must be small. */
  lagP99: number;
  /** Connections the generator had to open to keep to the schedule. */
  connections: number;
}

function percentile(sorted: ArrayLike<number>, share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const HEADER_END = Buffer.from('\r\n\r\n');
const TIMEOUT_MS = 10_000;
const NOTHING = Buffer.alloc(0);
/** `remaining` of a chunked body: its end is found by reading its chunks. */
const CHUNKED = -2;

/** One keep-alive connection with at most one request in flight. */
interface Connection {
  socket: net.Socket;
  ready: boolean;
  /** When the request in flight was written (ms), -1 when none is. */
  writtenAt: number;
  /** Bytes of the response so far, until its headers are complete. */
  head: Buffer;
  /** Body bytes still to come once the headers are read; -1 while they are not, CHUNKED for chunks. */
  remaining: number;
  /** A chunked body so far. */
  body: Buffer;
  status: number;
}

/** Status and body framing of a response head; null when it cannot be read as one. */
function readHead(head: Buffer, end: number): { status: number; length: number } | null {
  const text = head.toString('latin1', 0, end);
  const status = Number(text.slice(9, 12));
  if (!text.startsWith('HTTP/1.1 ') || !Number.isInteger(status)) return null;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
  if (length) return { status, length: Number(length[1]) };
  return /\r\ntransfer-encoding:\s*chunked/i.test(text) ? { status, length: CHUNKED } : null;
}

/** Whether a chunked body is complete (its last, empty chunk and the blank line after it are in). */
function chunkedComplete(body: Buffer): boolean {
  let at = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', at);
    if (lineEnd < 0) return false;
    const size = Number.parseInt(body.toString('latin1', at, lineEnd), 16);
    if (size === 0) return body.length >= lineEnd + 4;
    at = lineEnd + 2 + size + 2;
    if (!(size > 0) || at > body.length) return false;
  }
}

export function pacedLoad(
  url: string,
  options: { rate: number; seconds: number; request: (index: number) => PacedRequest },
): Promise<PacedResult> {
  const target = new URL(url);
  const host = target.host;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  let answered = 0;
  let sent = 0;
  let settled = 0;
  let errors = 0;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  const start = performance.now() + 20;

  return new Promise((resolve) => {
    const finish = () => {
      for (const connection of all) connection.socket.destroy();
      const sorted = latencies.subarray(0, answered).sort();
      resolve({
        sent,
        errors,
        p50: round(percentile(sorted, 0.5)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted[sorted.length - 1] ?? 0),
        lagP99: round(percentile(lags.subarray(0, sent).sort(), 0.99)),
        connections: all.size,
      });
    };
    const settle = (connection: Connection, ok: boolean) => {
      if (ok) latencies[answered++] = performance.now() - connection.writtenAt;
      else errors += 1;
      connection.writtenAt = -1;
      connection.head = NOTHING;
      connection.body = NOTHING;
      connection.remaining = -1;
      settled += 1;
      if (ok && connection.ready) idle.push(connection);
      if (settled === total) finish();
    };
    const onData = (connection: Connection, chunk: Buffer) => {
      if (connection.writtenAt < 0) return;
      let body = chunk;
      if (connection.remaining < 0) {
        connection.head = connection.head.length === 0 ? chunk : Buffer.concat([connection.head, chunk]);
        const end = connection.head.indexOf(HEADER_END);
        if (end < 0) return;
        const head = readHead(connection.head, end);
        if (!head) {
          connection.ready = false;
          connection.socket.destroy();
          return;
        }
        connection.status = head.status;
        connection.remaining = head.length;
        body = connection.head.subarray(end + HEADER_END.length);
      }
      if (connection.remaining === CHUNKED) {
        connection.body = connection.body.length === 0 ? body : Buffer.concat([connection.body, body]);
        if (chunkedComplete(connection.body)) settle(connection, connection.status < 400);
        return;
      }
      connection.remaining -= body.length;
      if (connection.remaining <= 0) settle(connection, connection.status < 400);
    };
    const open = (): Connection => {
      const socket = net.connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const connection: Connection = {
        socket,
        ready: true,
        writtenAt: -1,
        head: NOTHING,
        body: NOTHING,
        remaining: -1,
        status: 0,
      };
      all.add(connection);
      socket.on('data', (chunk: Buffer) => onData(connection, chunk));
      socket.setTimeout(TIMEOUT_MS, () => socket.destroy());
      const lost = () => {
        connection.ready = false;
        const at = idle.indexOf(connection);
        if (at >= 0) idle.splice(at, 1);
        if (connection.writtenAt >= 0) settle(connection, false);
      };
      socket.on('error', lost);
      socket.on('close', lost);
      return connection;
    };
    const send = (index: number) => {
      const { path, headers } = options.request(index);
      let text = `GET ${path} HTTP/1.1\r\nhost: ${host}\r\n`;
      for (const name in headers) text += `${name}: ${headers[name]}\r\n`;
      const connection = idle.pop() ?? open();
      connection.writtenAt = performance.now();
      connection.socket.write(`${text}\r\n`);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        lags[sent] = now - (start + sent * interval);
        send(sent);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, start - performance.now());
  });
}
