// Latency at a steady rate, as traffic arrives: requests leave on a fixed schedule (one every 1/rate s)
// whether or not earlier ones have been answered, on a fresh keep-alive connection when every open one
// is busy, and each is timed from the moment it is written to the moment its response has ended.
//
// autocannon's `overallRate` measures something else: each connection sends its whole second's share
// back to back when the second starts and then idles, so "2,000/s" is a burst that fills the core for a
// third of every second; and its coordinated-omission correction assumes a 1 ms interval (the ceiling of
// 1/rate per connection), adding a made-up sample for every millisecond a response took beyond that.
import http from 'node:http';

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

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export function pacedLoad(
  url: string,
  options: { rate: number; seconds: number; request: (index: number) => PacedRequest },
): Promise<PacedResult> {
  const target = new URL(url);
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    maxFreeSockets: 1024,
  });
  let connections = 0;
  const total = Math.round(options.rate * options.seconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const lags: number[] = [];
  let sent = 0;
  let open = 0;
  let errors = 0;
  const start = performance.now() + 20;
  return new Promise((resolve) => {
    const settle = () => {
      open -= 1;
      if (sent < total || open > 0) return;
      agent.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      resolve({
        sent,
        errors,
        p50: round(percentile(sorted, 0.5)),
        p99: round(percentile(sorted, 0.99)),
        max: round(sorted.at(-1) ?? 0),
        lagP99: round(
          percentile(
            lags.sort((a, b) => a - b),
            0.99,
          ),
        ),
        connections,
      });
    };
    const send = (index: number) => {
      const { path, headers } = options.request(index);
      open += 1;
      const written = performance.now();
      const request = http.request(
        { host: target.hostname, port: target.port, path, headers, agent, method: 'GET' },
        (response) => {
          if ((response.statusCode ?? 500) >= 400) errors += 1;
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - written);
            settle();
          });
        },
      );
      request.on('socket', (socket) => {
        if (!(socket as { counted?: boolean }).counted) {
          (socket as { counted?: boolean }).counted = true;
          connections += 1;
        }
      });
      request.setTimeout(10_000, () => request.destroy(new Error('timed out')));
      request.on('error', () => {
        errors += 1;
        settle();
      });
      request.end();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        lags.push(now - (start + sent * interval));
        send(sent);
        sent += 1;
      }
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, start - performance.now());
  });
}
