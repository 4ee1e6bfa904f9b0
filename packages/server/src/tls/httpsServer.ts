import type http from 'node:http';
import https from 'node:https';
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
 * the certificate picked per connection by SNI. HTTP/1.1 only: the click path answers on Node's HTTP/1
 * request and response objects, which HTTP/2's compatibility layer only resembles.
 */
export async function listenHttps(
  tls: TlsService,
  listener: http.RequestListener,
  options: HttpsServerOptions,
): Promise<https.Server> {
  const server = https.createServer(
    {
      SNICallback: tls.sniCallback,
      minVersion: 'TLSv1.2',
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs,
    },
    listener,
  );
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

export function closeServer(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
