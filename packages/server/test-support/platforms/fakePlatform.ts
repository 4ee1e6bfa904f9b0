import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local HTTP server standing in for an ad platform's API: it records every call and answers with the
// handler's choice, so adapter tests speak the platform's documented formats over a real socket.

export interface PlatformCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body read as JSON, or as a form when it was one; null when empty. */
  body: Record<string, unknown> | null;
}

export interface PlatformAnswer {
  status: number;
  json: unknown;
}

export interface FakePlatform {
  calls: PlatformCall[];
  url: string;
  close(): Promise<void>;
}

function bodyOf(text: string, type: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  if (type?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return JSON.parse(text) as Record<string, unknown>;
}

export async function fakePlatform(answer: (call: PlatformCall) => PlatformAnswer): Promise<FakePlatform> {
  const state: FakePlatform = { calls: [], url: '', close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://platform');
      const text = Buffer.concat(chunks).toString('utf8');
      const call: PlatformCall = {
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        text,
        body: bodyOf(text, request.headers['content-type']),
      };
      state.calls.push(call);
      const chosen = answer(call);
      response
        .writeHead(chosen.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(chosen.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}
