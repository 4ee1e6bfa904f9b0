import { API_KEY_HEADER, AUTHENTICATION_ERROR, MESSAGES } from '@cairn/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http.ts';
import { API_KEY_TOUCH_MS, type ApiKeyRepository } from './apiKeys.ts';
import type { UserWithSecrets } from './users.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const HEADER = API_KEY_HEADER.toLowerCase();

/** A request's `Api-Key` header (the first, when sent twice); undefined when it has none. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * A token bucket per key on this node: `perMinute` requests a minute on average, and as many in a burst
 * after a quiet spell. Per node rather than shared, since a shared count would cost a config-store write
 * per request; behind a balancer a key gets at most this much from each node.
 */
export class ApiKeyThrottle {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();
  private readonly perMinute: number;
  private readonly now: () => number;

  constructor(perMinute: number, now: () => number) {
    this.perMinute = perMinute;
    this.now = now;
  }

  /** Takes a token for the key: 0 when there was one, else the whole seconds until there is. */
  take(keyId: number): number {
    const now = this.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(keyId) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.set(keyId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }

  /** Forgets buckets that have refilled: they hold nothing a fresh one would not. */
  sweep(): void {
    const now = this.now();
    const fullAfterMs = 60_000 + API_KEY_TOUCH_MS;
    for (const [keyId, bucket] of this.buckets) {
      if (now - bucket.at > fullAfterMs) this.buckets.delete(keyId);
    }
  }
}

export interface ApiKeyCaller {
  apiKey: { id: number; scope: 'read_only' | 'read_write' };
  user: UserWithSecrets;
}

/**
 * Who an `Api-Key` header signs in: the key's enabled owner. Throws 401 for a key that is unknown,
 * revoked, expired or whose owner is gone or disabled, 429 (with Retry-After) past the key's rate, and
 * 403 for a read-only key on a method that changes data.
 */
export function createApiKeyAuthenticator(
  ctx: AppContext,
  repository: ApiKeyRepository,
  throttle: ApiKeyThrottle,
): (request: FastifyRequest, key: string) => Promise<ApiKeyCaller> {
  return async (request, key) => {
    const apiKey = key.length > 0 && key.length <= 256 ? await repository.use(key) : null;
    const user = apiKey ? await ctx.users.findById(apiKey.userId) : null;
    if (!apiKey || !user || user.disabled) {
      throw new HttpError(401, { message: `${AUTHENTICATION_ERROR}: the API key is not valid` });
    }
    const retryAfterSeconds = throttle.take(apiKey.id);
    if (retryAfterSeconds > 0) {
      throw new HttpError(
        429,
        { message: `Too many requests with this API key; retry in ${retryAfterSeconds} s` },
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
    if (apiKey.scope === 'read_only' && !SAFE_METHODS.has(request.method)) {
      throw new HttpError(403, { message: `${MESSAGES.permissionDenied}: the API key is read-only` });
    }
    return { apiKey: { id: apiKey.id, scope: apiKey.scope }, user };
  };
}
