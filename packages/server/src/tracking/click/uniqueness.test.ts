import { describe, expect, it } from 'vitest';
import { Uniqueness } from './uniqueness.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 28, 9);
const UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('the uniqueness memory', () => {
  it('takes a visitor as unique once per window, per campaign, and again once the window is over', () => {
    const memory = new Uniqueness();
    const first = memory.check(7, HOUR, '198.51.100.4', UA, undefined, T0);
    expect(first.unique).toBe(true);
    expect(first.cookie).toEqual({ name: 'cairn_u7', value: (T0 + HOUR).toString(36), maxAgeSeconds: 3600 });
    expect(memory.check(7, HOUR, '198.51.100.4', UA, undefined, T0 + HOUR - 1)).toEqual({
      unique: false,
      cookie: null,
    });
    // Each new visitor's cookie carries the end of its own window, in the same millisecond or the next.
    expect(memory.check(9, HOUR, '198.51.100.9', UA, undefined, T0).cookie).toEqual({
      name: 'cairn_u9',
      value: (T0 + HOUR).toString(36),
      maxAgeSeconds: 3600,
    });
    expect(memory.check(8, HOUR, '198.51.100.4', UA, undefined, T0 + 1).cookie?.value).toBe(
      (T0 + 1 + HOUR).toString(36),
    );
    expect(memory.check(8, 2 * HOUR, '198.51.100.8', UA, undefined, T0 + 1).cookie?.value).toBe(
      (T0 + 1 + 2 * HOUR).toString(36),
    );
    expect(memory.check(7, HOUR, '198.51.100.5', UA, undefined, T0 + 1).unique).toBe(true);
    expect(memory.check(7, HOUR, '198.51.100.4', `${UA} Edg/131`, undefined, T0 + 1).unique).toBe(true);
    expect(memory.check(7, HOUR, '198.51.100.4', UA, undefined, T0 + HOUR).unique).toBe(true);
    expect(memory.check(7, HOUR, '198.51.100.4', UA, undefined, T0 + HOUR + 1).unique).toBe(false);
  });

  it("keeps a rule's marks apart from its campaign's, and only reads them when asked whether unique", () => {
    const memory = new Uniqueness();
    const ip = '198.51.100.40';
    expect(memory.check(7, HOUR, ip, UA, undefined, T0).unique).toBe(true);
    // Seen by the campaign, not yet taken by rule 0 (scope 1): reading does not mark.
    expect(memory.isUnique(7, HOUR, ip, UA, undefined, T0 + 1, 1)).toBe(true);
    expect(memory.isUnique(7, HOUR, ip, UA, undefined, T0 + 2, 1)).toBe(true);
    const taken = memory.check(7, HOUR, ip, UA, undefined, T0 + 3, 1);
    expect(taken).toEqual({
      unique: true,
      cookie: { name: 'cairn_u7r0', value: (T0 + 3 + HOUR).toString(36), maxAgeSeconds: 3600 },
    });
    expect(memory.isUnique(7, HOUR, ip, UA, undefined, T0 + 4, 1)).toBe(false);
    expect(memory.isUnique(7, HOUR, ip, UA, undefined, T0 + 4, 2)).toBe(true);
    expect(memory.isUnique(7, HOUR, ip, UA, undefined, T0 + 3 + HOUR, 1)).toBe(true);
    // The rule's cookie counts from any address, as the campaign's does.
    expect(memory.isUnique(7, HOUR, '203.0.113.9', UA, taken.cookie?.value, T0 + 5, 1)).toBe(false);
  });

  it('trusts a cookie inside the window from any address, and ignores an expired or forged one', () => {
    const memory = new Uniqueness();
    const cookie = (T0 + HOUR / 2).toString(36);
    expect(memory.check(1, HOUR, '203.0.113.1', UA, cookie, T0).unique).toBe(false);
    expect(memory.check(1, HOUR, '203.0.113.2', UA, (T0 - 1).toString(36), T0).unique).toBe(true);
    // Further ahead than the window allows: not a cookie this tracker set.
    expect(memory.check(1, HOUR, '203.0.113.3', UA, (T0 + 2 * HOUR).toString(36), T0).unique).toBe(true);
    expect(memory.check(1, HOUR, '203.0.113.4', UA, '<script>', T0).unique).toBe(true);
  });

  it('holds no more marks than its bound however many visitors come, and keeps the recent ones', () => {
    const memory = new Uniqueness(64);
    expect(memory.capacity).toBe(64);
    for (let visitor = 0; visitor < 10_000; visitor += 1) {
      expect(
        memory.check(1, HOUR, `10.0.${visitor >> 8}.${visitor & 255}`, UA, undefined, T0 + visitor).unique,
      ).toBe(true);
      expect(memory.size).toBeLessThanOrEqual(64);
    }
    expect(memory.size).toBe(64);
    // The last visitor's mark is the newest of its bucket: nothing has pushed it out.
    expect(memory.check(1, HOUR, '10.0.39.15', UA, undefined, T0 + 10_000).unique).toBe(false);
  });

  it('forgets the mark expiring soonest when a bucket is full, and reuses expired slots first', () => {
    const memory = new Uniqueness(8); // one bucket
    const windows = [5, 9, 2, 7, 8, 6, 4, 3].map((hours) => hours * HOUR);
    windows.forEach((window, visitor) => {
      memory.check(1, window, `192.0.2.${visitor}`, UA, undefined, T0);
    });
    expect(memory.check(1, HOUR, '192.0.2.100', UA, undefined, T0 + 1).unique).toBe(true);
    // 192.0.2.2's window (2 h) ended first, so its slot went to the newcomer.
    expect(memory.check(1, HOUR, '192.0.2.2', UA, undefined, T0 + 2).unique).toBe(true);
    // ...which took the slot of the newcomer's one-hour mark, now the soonest to end.
    expect(memory.check(1, HOUR, '192.0.2.100', UA, undefined, T0 + 3).unique).toBe(true);
    for (const visitor of [0, 1, 3, 4, 5, 6]) {
      expect(memory.check(1, HOUR, `192.0.2.${visitor}`, UA, undefined, T0 + 4).unique).toBe(false);
    }
    // Four hours on, three marks have ended; new visitors take their slots and the others stay.
    for (const visitor of [200, 201, 202]) {
      expect(memory.check(1, HOUR, `192.0.2.${visitor}`, UA, undefined, T0 + 4 * HOUR).unique).toBe(true);
    }
    expect(memory.size).toBe(8);
    for (const visitor of [0, 1, 3, 4, 5]) {
      expect(memory.check(1, HOUR, `192.0.2.${visitor}`, UA, undefined, T0 + 4 * HOUR).unique).toBe(false);
    }
  });
});
