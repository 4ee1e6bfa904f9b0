import type http from 'node:http';
import http2 from 'node:http2';
import type https from 'node:https';
import type { Socket } from 'node:net';
import type { TlsService } from './service.ts';

export interface HttpsServerOptions {
  port: number;
  host: string;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/**
 * The HTTPS server: the same request listener as the HTTP one (clicks, postbacks, the API, the panel),
 * the certificate picked per connection by SNI. HTTP/2 for clients that offer it by ALPN (browsers: the
 * panel's many assets share one connection), HTTP/1.1 for the rest. HTTP/2 requests reach the listener
 * through Node's compatibility objects, which carry the host as `:authority`; it is copied to `host`,
 * which the framework and the redirect read.
 */
export async function listenHttps(
  tls: TlsService,
  listener: http.RequestListener,
  options: HttpsServerOptions,
): Promise<http2.Http2SecureServer> {
  const server = http2.createSecureServer({
    SNICallback: tls.sniCallback,
    minVersion: 'TLSv1.2',
    allowHTTP1: true,
  });
  server.on('request', (request: http2.Http2ServerRequest | http.IncomingMessage, response) => {
    if (request.httpVersionMajor === 2) {
      const authority = request.headers[':authority'];
      if (request.headers.host === undefined && typeof authority === 'string')
        request.headers.host = authority;
    }
    listener(request as http.IncomingMessage, response as unknown as http.ServerResponse);
  });
  // HTTP/1.1 connections are held to the same timeouts as on the HTTP port (Node applies these to the
  // connections it hands down to HTTP/1); HTTP/2 sessions idle out after the keep-alive time.
  // Set on the server with allowHTTP1 (Node's own HTTP/1 fallback reads them) but not in its types.
  Object.assign(server, {
    headersTimeout: options.headersTimeoutMs,
    requestTimeout: options.requestTimeoutMs,
    keepAliveTimeout: options.keepAliveTimeoutMs,
  });
  server.setTimeout(options.keepAliveTimeoutMs);
  const open = new Set<Socket>();
  server.on('secureConnection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  openSockets.set(server, open);
  // A client that fails the handshake (no SNI, an unknown name, a scanner) is its own problem.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** The HTTPS server's connections: HTTP/2 servers have no closeAllConnections, and a kept-alive one holds close. */
const openSockets = new WeakMap<http2.Http2SecureServer, Set<Socket>>();

export function closeServer(server: http.Server | https.Server | http2.Http2SecureServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
    else for (const socket of openSockets.get(server) ?? []) socket.destroy();
  });
}
