import { describe, expect, it } from 'vitest';
import { Clock } from '../../test-support/server.ts';
import { IDLE_TOUCH_MS, type Session } from './sessions.ts';
import { SIGNED_IN_CACHE_MS, SignedInCache } from './signedInCache.ts';
import type { UserWithSecrets } from './users.ts';

const HOUR = 60 * 60 * 1000;
const user = { id: 7, login: 'carol', role: 'admin', disabled: false } as UserWithSecrets;

function sessionAt(clock: Clock, idHash: string, overrides: Partial<Session> = {}): Session {
  return {
    idHash,
    userId: user.id,
    pendingTwoFactor: false,
    expiresAt: clock.ms + 24 * HOUR,
    lastSeenAt: clock.ms,
    ...overrides,
  };
}

describe('SignedInCache', () => {
  it('answers a cached session until its lifetime is over, then asks the store again', () => {
    const clock = new Clock();
    const cache = new SignedInCache(clock.now);
    cache.set(sessionAt(clock, 'a'), user);
    expect(cache.get('a', HOUR)?.user.login).toBe('carol');
    expect(cache.get('b', HOUR)).toBeNull();
    clock.advance(SIGNED_IN_CACHE_MS - 1);
    expect(cache.get('a', HOUR)).not.toBeNull();
    clock.advance(1);
    expect(cache.get('a', HOUR)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('never answers past the session expiry, its idle limit or its due last-use touch', () => {
    const clock = new Clock();
    const cache = new SignedInCache(clock.now, HOUR);
    cache.set(sessionAt(clock, 'expiring', { expiresAt: clock.ms + 1000 }), user);
    cache.set(sessionAt(clock, 'idle'), user);
    cache.set(sessionAt(clock, 'touch', { lastSeenAt: clock.ms - IDLE_TOUCH_MS + 500 }), user);
    clock.advance(500);
    expect(cache.get('touch', HOUR)).toBeNull();
    expect(cache.get('idle', 400)).toBeNull();
    expect(cache.get('expiring', HOUR)).not.toBeNull();
    clock.advance(500);
    expect(cache.get('expiring', HOUR)).toBeNull();
  });

  it('forgets everything on clear and keeps at most its bound, dropping the oldest first', () => {
    const clock = new Clock();
    const cache = new SignedInCache(clock.now, HOUR, 2);
    for (const idHash of ['a', 'b', 'c']) cache.set(sessionAt(clock, idHash), user);
    expect(cache.size).toBe(2);
    expect(cache.get('a', HOUR)).toBeNull();
    expect(cache.get('c', HOUR)).not.toBeNull();
    cache.clear();
    expect(cache.get('c', HOUR)).toBeNull();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const clock = new Clock();
    const cache = new SignedInCache(clock.now, 0);
    cache.set(sessionAt(clock, 'a'), user);
    expect(cache.get('a', HOUR)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('does not keep what a lookup read when a change cleared the cache while it ran', () => {
    const clock = new Clock();
    const cache = new SignedInCache(clock.now);
    const readAt = cache.generation;
    cache.clear();
    cache.set(sessionAt(clock, 'revoked-meanwhile'), user, readAt);
    expect(cache.get('revoked-meanwhile', HOUR)).toBeNull();
    cache.set(sessionAt(clock, 'read-after'), user, cache.generation);
    expect(cache.get('read-after', HOUR)).not.toBeNull();
  });
});
