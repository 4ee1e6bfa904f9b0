import { describe, expect, it } from 'vitest';
import { blankEvent, EVENT_KIND } from '../../store/events/schema.ts';
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

  it('refuses an event no store could hold', () => {
    const event = click('bad');
    event.campaignId = 2 ** 40;
    expect(() => new RecentClicks().remember(event)).toThrow(TypeError);
  });
});
