import { describe, expect, it } from 'vitest';
import { blankEvent, EVENT_KIND } from '../../events/event.ts';
import { encodeEvent } from '../../events/journalCodec.ts';
import { RecentClicks } from './recent.ts';

function click(id: string) {
  const event = blankEvent(EVENT_KIND.click, id, Date.UTC(2026, 10, 23, 9, 16));
  event.campaignId = 7;
  event.country = 'DE';
  event.isUnique = true;
  event.tokens[2] = 'zone "42" <b>';
  event.costMicros = 25_000;
  return event;
}

describe('recent clicks', () => {
  it('gives back every field of a remembered click, as a copy', () => {
    const recent = new RecentClicks();
    const original = click('a1');
    recent.remember(original);
    const found = recent.get('a1');
    expect(found).toEqual(original);
    if (found) found.country = 'FR';
    expect(recent.get('a1')?.country).toBe('DE');
    expect(recent.get('unknown')).toBeUndefined();
  });

  it('gives back a click remembered by its line as the journal staged the bytes, and forgets one on request', () => {
    const recent = new RecentClicks();
    const original = click('b1');
    original.userAgent = 'Mozilla/5.0 (Linux; Android 13) \u00e9\u4e2d';
    recent.rememberLine('b1', new TextEncoder().encode(encodeEvent(original)), true);
    expect(recent.get('b1')).toEqual(original);
    recent.rememberLine('b2', encodeEvent(click('b2')), true);
    recent.forgetClick('b1');
    expect(recent.get('b1')).toBeUndefined();
    expect(recent.get('b2')?.clickId).toBe('b2');
    recent.forgetClick('never-remembered');
    expect(recent.size).toBe(1);
    // Ids that are not ASCII (no minted one is) are kept byte for byte too.
    for (const id of ['cl\u00e9-1', 'cl\u4e2d-2', 'cl\ud83d\udcb0-3']) {
      recent.rememberLine(id, encodeEvent(click(id)));
      expect(recent.get(id)?.clickId).toBe(id);
    }
  });

  it('counts lander clicks per click and forgets the oldest past its bound', () => {
    const recent = new RecentClicks(2);
    recent.remember(click('a'));
    expect(recent.nextLpSeq('a')).toBe(1);
    expect(recent.nextLpSeq('a')).toBe(2);
    recent.remember(click('b'));
    recent.remember(click('c'));
    expect(recent.size).toBe(2);
    expect(recent.get('a')).toBeUndefined();
    expect(recent.nextLpSeq('a')).toBeNull();
    expect(recent.get('c')?.clickId).toBe('c');
  });

  it('keeps one slot for a click remembered twice, and exactly its bound over many rounds', () => {
    const recent = new RecentClicks(3);
    recent.remember(click('a'));
    recent.remember(click('a'));
    recent.remember(click('b'));
    recent.remember(click('c'));
    expect(recent.get('a')?.clickId).toBe('a');
    for (let index = 0; index < 100; index += 1) recent.remember(click(`n${index}`));
    expect(recent.size).toBe(3);
    expect(['n97', 'n98', 'n99'].map((id) => recent.get(id)?.clickId)).toEqual(['n97', 'n98', 'n99']);
    expect(recent.get('n96')).toBeUndefined();
  });

  it('finds clicks remembered by their freshly minted ids, over many rounds of its bound', () => {
    const recent = new RecentClicks(50);
    for (let index = 0; index < 1_000; index += 1) {
      recent.rememberLine(`m${index}`, encodeEvent(click(`m${index}`)), true);
    }
    expect(recent.size).toBe(50);
    expect(recent.get('m999')?.clickId).toBe('m999');
    expect(recent.get('m950')?.clickId).toBe('m950');
    expect(recent.get('m949')).toBeUndefined();
    expect(recent.nextLpSeq('m975')).toBe(1);
  });

  it('refuses an event no store could hold', () => {
    const event = click('bad');
    event.campaignId = 2 ** 40;
    expect(() => new RecentClicks().remember(event)).toThrow(TypeError);
  });

  it('forgets the oldest clicks when their lines fill its bytes, and never answers with another click', () => {
    // A small ring, lines of many lengths and ids that come again: after each step every id it answers
    // for carries that id's latest click, and the latest clicks that fit in half the ring are all there.
    const maxBytes = 8 * 1024;
    const recent = new RecentClicks(64, maxBytes);
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const latest = new Map<string, string>();
    const order: string[] = [];
    for (let step = 0; step < 2_000; step += 1) {
      const id = `c${Math.floor(random() * 150)}`;
      const event = click(id);
      event.tokens[0] = 'z'.repeat(Math.floor(random() * 600));
      event.costMicros = step;
      recent.remember(event);
      latest.set(id, encodeEvent(event));
      order.push(id);
      expect(recent.size).toBeLessThanOrEqual(64);
      let answered = 0;
      for (const [known, line] of latest) {
        const found = recent.get(known);
        if (!found) continue;
        answered += 1;
        expect(encodeEvent(found)).toBe(line);
      }
      expect(answered).toBe(recent.size);
      const newest = new Set<string>();
      let bytes = 0;
      for (let index = order.length - 1; index >= 0 && newest.size < 64; index -= 1) {
        const recentId = order[index] as string;
        if (newest.has(recentId)) continue;
        bytes += (latest.get(recentId) as string).length + recentId.length + 2;
        if (bytes > maxBytes / 2) break;
        newest.add(recentId);
      }
      for (const recentId of newest) expect(recent.get(recentId)?.clickId).toBe(recentId);
    }
  });

  it('starts a click remembered again with no lander clicks, and keeps no click too big for its ring', () => {
    const recent = new RecentClicks(10, 4096);
    recent.remember(click('a'));
    expect(recent.nextLpSeq('a')).toBe(1);
    recent.remember(click('a'));
    expect(recent.nextLpSeq('a')).toBe(1);
    const huge = click('huge');
    huge.tokens[0] = 'x'.repeat(2000);
    recent.remember(huge);
    expect(recent.get('huge')).toBeUndefined();
    expect(recent.get('a')?.clickId).toBe('a');
  });
});
