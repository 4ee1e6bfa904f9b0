import { describe, expect, it } from 'vitest';
import { CLICK_ID_LENGTH, clickTimeOf, mintClickId } from './clickId.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

describe('click ids', () => {
  it('are unique over 100k mints, even within one millisecond', () => {
    const ids = new Set<string>();
    for (let index = 0; index < 100_000; index += 1) ids.add(mintClickId(T0 + Math.floor(index / 1000)));
    expect(ids.size).toBe(100_000);
  });

  it('are 23 URL-safe lowercase characters', () => {
    for (let index = 0; index < 1000; index += 1) {
      expect(mintClickId(T0 + index)).toMatch(/^[0-9a-hjkmnp-tv-z]{23}$/);
    }
    expect(CLICK_ID_LENGTH).toBe(23);
  });

  it('sort as text in the order of their times', () => {
    const times = Array.from({ length: 2000 }, (_, index) => T0 - 86_400_000 + index * 997_331);
    times.push(0, 1, 31, 32, 2 ** 50 - 1);
    const ids = times.map((time) => mintClickId(time));
    const sorted = [...ids].sort();
    expect(sorted.map((id) => clickTimeOf(id))).toEqual([...times].sort((a, b) => a - b));
  });

  it('carry the millisecond they were minted at', () => {
    for (const time of [0, 1, T0, T0 + 123, 2 ** 50 - 1]) expect(clickTimeOf(mintClickId(time))).toBe(time);
    expect(clickTimeOf(mintClickId(T0 + 0.9))).toBe(T0);
  });

  it('cannot carry a time outside 0 .. 2^50 - 1', () => {
    for (const time of [-1, 2 ** 50, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => mintClickId(time)).toThrow(RangeError);
    }
  });

  it('refuse anything that is not a well-formed id', () => {
    const id = mintClickId(T0);
    const garbage: unknown[] = [
      '',
      id.slice(0, -1),
      `${id}0`,
      id.toUpperCase(),
      `${id.slice(0, -1)}u`, // u, i, l and o are not in the alphabet
      `${id.slice(0, -1)}i`,
      `${id.slice(0, 5)}-${id.slice(6)}`,
      `${id.slice(0, 5)}\u00e9${id.slice(6)}`,
      `${id.slice(0, 5)}\u0000${id.slice(6)}`,
      `${id.slice(0, 22)}\ud83d`,
      'x'.repeat(10_000),
      id.repeat(500),
      undefined,
      null,
      42,
      [id],
    ];
    for (const value of garbage) expect(clickTimeOf(value)).toBeNull();
  });
});
