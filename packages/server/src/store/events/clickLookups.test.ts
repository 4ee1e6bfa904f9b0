import { describe, expect, it } from 'vitest';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { type ClickLookup, ClickLookups } from './clickLookups.ts';
import { CLICK_LOOKUP_WINDOW_MS } from './port.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const click = (id: string, time = T0): TrackingEvent => blankEvent(EVENT_KIND.click, id, time);

/** A store of `clicks` whose reads are held until released, each read's lookups kept. */
function heldStore(clicks: TrackingEvent[]) {
  const reads: { lookups: ClickLookup[]; release: (error?: Error) => void }[] = [];
  const read = (lookups: readonly ClickLookup[]) =>
    new Promise<TrackingEvent[]>((resolve, reject) => {
      const ids = new Set(lookups.map((lookup) => lookup.clickId));
      reads.push({
        lookups: [...lookups],
        release: (error) => (error ? reject(error) : resolve(clicks.filter((c) => ids.has(c.clickId)))),
      });
    });
  return { read, reads };
}

/** A few turns of the event loop: the batcher's scheduled reads have started. */
async function settled(): Promise<void> {
  for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe('click lookups gathered into batches', () => {
  it('answers the lookups asked at once with one read: repeats share it, unknown ids get null', async () => {
    const store = heldStore([click('a'), click('b'), click('c', T0 + 10)]);
    const lookups = new ClickLookups(store.read);
    const answers = Promise.all([
      lookups.find('a', T0),
      lookups.find('b', T0),
      lookups.find('a', T0),
      lookups.find('nobody', T0),
      lookups.find('c', T0 + 10),
      lookups.find('a', T0),
    ]);
    await settled();
    expect(store.reads).toHaveLength(1);
    expect(store.reads[0]?.lookups.map((lookup) => lookup.clickId)).toEqual(['a', 'b', 'nobody', 'c']);
    store.reads[0]?.release();
    const [a1, b, a2, nobody, c, a3] = await answers;
    expect([a1?.clickId, b?.clickId, nobody, c?.clickId]).toEqual(['a', 'b', null, 'c']);
    expect(a2).toBe(a1);
    expect(a3).toBe(a1);
  });

  it('keeps a click only within the window of the time its lookup carries', async () => {
    const store = heldStore([click('a'), click('late', T0 + 3 * CLICK_LOOKUP_WINDOW_MS)]);
    const lookups = new ClickLookups(store.read);
    const answers = Promise.all([
      lookups.find('a', T0 + CLICK_LOOKUP_WINDOW_MS),
      lookups.find('a', T0 + CLICK_LOOKUP_WINDOW_MS + 1),
      lookups.find('late', T0),
    ]);
    await settled();
    store.reads[0]?.release();
    expect((await answers).map((found) => found?.clickId ?? null)).toEqual(['a', null, null]);
  });

  it('gathers the lookups asked during a read into the next one, one read at a time', async () => {
    const store = heldStore([click('a'), click('b'), click('c'), click('d')]);
    const lookups = new ClickLookups(store.read, { maxReads: 1 });
    const first = lookups.find('a', T0);
    await settled();
    const later = [lookups.find('b', T0), lookups.find('c', T0)];
    await settled();
    const joined = lookups.find('c', T0);
    const last = lookups.find('d', T0);
    await settled();
    expect(store.reads).toHaveLength(1);
    store.reads[0]?.release();
    expect((await first)?.clickId).toBe('a');
    await settled();
    expect(store.reads).toHaveLength(2);
    expect(store.reads[1]?.lookups.map((lookup) => lookup.clickId)).toEqual(['b', 'c', 'd']);
    store.reads[1]?.release();
    expect((await Promise.all([...later, joined, last])).map((found) => found?.clickId)).toEqual([
      'b',
      'c',
      'c',
      'd',
    ]);
    expect(lookups.reads).toBe(2);
  });

  it('splits a crowd into batches of at most maxBatch, read side by side up to maxReads', async () => {
    const clicks = Array.from({ length: 10 }, (_, index) => click(`k${index}`));
    const store = heldStore(clicks);
    const lookups = new ClickLookups(store.read, { maxBatch: 4, maxReads: 2 });
    const answers = Promise.all(clicks.map((stored) => lookups.find(stored.clickId, T0)));
    await settled();
    expect(store.reads.map((read) => read.lookups.length)).toEqual([4, 4]);
    store.reads[0]?.release();
    await settled();
    expect(store.reads.map((read) => read.lookups.length)).toEqual([4, 4, 2]);
    store.reads[1]?.release();
    store.reads[2]?.release();
    expect(await answers).toEqual(clicks);
  });

  it('fails the lookups of a failed read only, and asks the store again for the next ones', async () => {
    const store = heldStore([click('a')]);
    const lookups = new ClickLookups(store.read);
    const failing = lookups.find('a', T0);
    await settled();
    store.reads[0]?.release(new Error('store away'));
    await expect(failing).rejects.toThrow('store away');
    const retried = lookups.find('a', T0);
    await settled();
    store.reads[1]?.release();
    expect((await retried)?.clickId).toBe('a');
  });
});
