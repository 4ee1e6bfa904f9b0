import { AUTH_QUERY_PARAM } from '@cairn/contract';
import pino, { type Logger } from 'pino';

// Headers and bodies that may hold credentials never reach the log; the request URL loses its auth
// secret, which read-only links carry in the query string.
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["api-key"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.secret',
  '*.key',
];

export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  if (!params.has(AUTH_QUERY_PARAM)) return url;
  params.set(AUTH_QUERY_PARAM, '[redacted]');
  return `${url.slice(0, queryAt)}?${params.toString()}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'cairn' },
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url ?? ''),
        ip: request.ip,
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  return destination ? pino(options, destination as pino.DestinationStream) : pino(options);
}
