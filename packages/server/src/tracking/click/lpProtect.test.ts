import { describe, expect, it } from 'vitest';
import { isValidLpKey, LP_KEY_TTL_SECONDS, lpKeyFor, withLpKey } from './lpProtect.ts';

const SECRET = 'lander-secret-0123456789';
const CLICK_ID = '01jq5v2x3c4d5e6f7g8h9jk';
const CLICK_TIME = Date.parse('2026-03-04T10:30:00Z');

describe('LP protect keys', () => {
  it('passes the key a click was sent with until it expires an hour later', () => {
    const key = lpKeyFor(SECRET, CLICK_ID, CLICK_TIME);
    expect(key).toMatch(new RegExp(`^${CLICK_ID}\\.\\d{10}\\.[0-9a-f]{32}$`));
    expect(isValidLpKey(SECRET, key, CLICK_TIME)).toBe(true);
    expect(isValidLpKey(SECRET, key, CLICK_TIME + LP_KEY_TTL_SECONDS * 1000)).toBe(true);
    expect(isValidLpKey(SECRET, key, CLICK_TIME + (LP_KEY_TTL_SECONDS + 1) * 1000)).toBe(false);
  });

  it('turns away keys under another secret, altered keys and garbage', () => {
    const key = lpKeyFor(SECRET, CLICK_ID, CLICK_TIME);
    const [clickId, expires, signature] = key.split('.') as [string, string, string];
    expect(isValidLpKey('another-secret', key, CLICK_TIME)).toBe(false);
    expect(isValidLpKey(SECRET, `${clickId}.${Number(expires) + 86_400}.${signature}`, CLICK_TIME)).toBe(
      false,
    );
    expect(isValidLpKey(SECRET, `x${clickId.slice(1)}.${expires}.${signature}`, CLICK_TIME)).toBe(false);
    for (const garbage of [
      '',
      '...',
      `${key}.x`,
      `${clickId}.${expires}.${signature.toUpperCase()}`,
      'a.b.c',
    ]) {
      expect(isValidLpKey(SECRET, garbage, CLICK_TIME), garbage).toBe(false);
    }
  });

  it('adds the key to the query of a lander URL, before its fragment', () => {
    expect(withLpKey('https://lp.example/', 'K')).toBe('https://lp.example/?lpkey=K');
    expect(withLpKey('https://lp.example/?c=1', 'K')).toBe('https://lp.example/?c=1&lpkey=K');
    expect(withLpKey('https://lp.example/?', 'K')).toBe('https://lp.example/?lpkey=K');
    expect(withLpKey('https://lp.example/p?c=1#top', 'K')).toBe('https://lp.example/p?c=1&lpkey=K#top');
  });
});
