import { AUTH_QUERY_PARAM, type RecentError } from '@cairn/contract';
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

/** How many of the last error lines a node keeps for the diagnostics bundle. */
export const RECENT_ERRORS_KEPT = 50;
const MESSAGE_MAX = 2_000;

/**
 * The last errors this node logged, in a fixed ring: Settings > Feedback's diagnostics bundle shows them.
 * Held in memory only, and bounded in count and length, so a node failing in a loop costs no more.
 */
export class RecentErrors {
  readonly #ring: RecentError[] = [];
  #next = 0;

  readonly capacity: number;

  constructor(capacity: number = RECENT_ERRORS_KEPT) {
    this.capacity = capacity;
  }

  add(entry: RecentError): void {
    if (this.#ring.length < this.capacity) this.#ring.push(entry);
    else this.#ring[this.#next] = entry;
    this.#next = (this.#next + 1) % this.capacity;
  }

  /** Oldest first. */
  list(): RecentError[] {
    if (this.#ring.length < this.capacity) return [...this.#ring];
    return [...this.#ring.slice(this.#next), ...this.#ring.slice(0, this.#next)];
  }
}

const ERROR_LEVEL = 50;
const clip = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}…` : text);

/** A logged error's message and error, without the rest of its object (which may hold request data). */
function recentError(args: unknown[], now: number): RecentError {
  const [first, second] = args;
  const thrown = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  const message = typeof first === 'string' ? first : typeof second === 'string' ? second : '';
  const entry: RecentError = { time: new Date(now).toISOString(), message: clip(message) };
  if (thrown instanceof Error) entry.error = clip(`${thrown.name}: ${thrown.message}`);
  else if (thrown !== undefined && thrown !== null) entry.error = clip(String(thrown));
  return entry;
}

export function createLogger(
  level: string,
  destination?: NodeJS.WritableStream,
  errors?: RecentErrors,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    // Only error and fatal lines do any work here (a number compared on every other line), so the click
    // path, which logs little and never at error level on success, keeps its speed.
    ...(errors
      ? {
          hooks: {
            logMethod(args: unknown[], method: (...a: unknown[]) => void, lineLevel: number) {
              if (lineLevel >= ERROR_LEVEL) errors.add(recentError(args, Date.now()));
              method.apply(this, args);
            },
          },
        }
      : {}),
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
