import crypto, { type KeyObject } from 'node:crypto';

// LP protect: a protected lander is sent each visitor with a key (`lpkey`, or wherever the lander URL puts
// {lp_key}) that only the tracker can make: the click id, when the key expires, and an HMAC of both under
// the lander's secret. The lander's own code checks it with the same secret (the panel shows a PHP check
// to paste), so a spy tool or a visitor who opens the lander directly is turned away, while every visitor
// the tracker sent passes for the key lifetime (Settings > LP protect, an hour by default).

export const LP_KEY_PARAM = 'lpkey';
/** How long a lander accepts the key a visitor was sent with, unless set: time to read, reload and come back. */
export const LP_KEY_TTL_SECONDS = 3600;
/** Clocks of two nodes (the one that signed, the one that checks) may differ by this much. */
const CLOCK_SLACK_SECONDS = 60;

function signature(secret: KeyObject | string, clickId: string, expires: number): string {
  return crypto.createHmac('sha256', secret).update(`${clickId}.${expires}`).digest('hex').slice(0, 32);
}

/** `{click id}.{expiry, unix seconds}.{32 hex digits of HMAC-SHA256(secret, "{click id}.{expiry}")}`. */
export function lpKeyFor(
  secret: KeyObject | string,
  clickId: string,
  clickTime: number,
  lifetimeSeconds = LP_KEY_TTL_SECONDS,
): string {
  const expires = Math.floor(clickTime / 1000) + lifetimeSeconds;
  return `${clickId}.${expires}.${signature(secret, clickId, expires)}`;
}

/**
 * What a lander's check does: the key is the tracker's, under this secret, and not expired at `now` (ms).
 * With `maxLifetimeSeconds` (the tracker's own check of hosted landers), a key that expires later than a
 * key signed now would is refused too, so shortening the lifetime also cuts keys already handed out.
 */
export function isValidLpKey(secret: string, key: string, now: number, maxLifetimeSeconds?: number): boolean {
  const [clickId = '', expiresText = '', given = '', extra] = key.split('.');
  if (extra !== undefined || !/^\d{1,12}$/.test(expiresText) || !/^[0-9a-f]{32}$/.test(given)) return false;
  const expires = Number(expiresText);
  if (expires * 1000 < now) return false;
  if (
    maxLifetimeSeconds !== undefined &&
    expires * 1000 > now + (maxLifetimeSeconds + CLOCK_SLACK_SECONDS) * 1000
  ) {
    return false;
  }
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(signature(secret, clickId, expires)));
}

/** `url` with `lpkey=...` added to its query (before any fragment). */
export function withLpKey(url: string, key: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${separator}${LP_KEY_PARAM}=${key}${fragment}`;
}
