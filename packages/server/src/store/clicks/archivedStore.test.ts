import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineClick, IPHONE_SAFARI, WINDOWS_CHROME } from '../../../test-support/derivedColumns.ts';
import { describeEventStoreConformance } from '../../../test-support/eventStoreConformance.ts';
import { sampleClick } from '../../../test-support/sampleEvents.ts';
import { tempDir } from '../../../test-support/server.ts';
import { EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { encodeEvent, HEADER_LINE } from '../../events/journalCodec.ts';
import { openEventStore } from '../../runtime.ts';
import { clickFacts } from '../../tracking/click/engine.ts';
import { createEnricher } from '../../tracking/enrich/index.ts';
import { DuckDbEventStore } from '../events/duckdb.ts';
import type { EventStore } from '../events/port.ts';
import { ArchivedEventStore, type ArchivedStoreOptions, visitClickLines } from './archivedStore.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const dirs = new WeakMap<EventStore, string>();
const inners = new WeakMap<EventStore, EventStore>();
const failing = new WeakSet<EventStore>();

/** The DuckDB store of `dir` with the archive beside it; `lookups` counts the questions the store gets. */
async function openAt(
  dir: string,
  lookups = { store: 0 },
  options: ArchivedStoreOptions = {},
): Promise<ArchivedEventStore> {
  const holder: { inner?: EventStore } = {};
  const duckdb = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'), {
    beforeClearCommit: () => {
      if (holder.inner && failing.has(holder.inner)) throw new Error('interrupted before the commit');
    },
  });
  const inner = new Proxy(duckdb, {
    get(target, property, receiver) {
      if (property === 'findClick') {
        return (clickId: string, clickTime: number) => {
          lookups.store += 1;
          return target.findClick(clickId, clickTime);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  holder.inner = inner;
  const store = await ArchivedEventStore.open(inner, path.join(dir, 'clicks'), {
    backfillPauseMs: 0,
    ...options,
  });
  dirs.set(store, dir);
  inners.set(store, inner);
  return store;
}

// The wrapped store is an event store like any other: the whole suite holds for it.
describeEventStoreConformance('DuckDB with the click archive', {
  open: () => openAt(tempDir()),
  async reopen(store) {
    await store.close();
    return openAt(dirs.get(store) as string);
  },
  interruptAppend: async () => undefined,
  async interruptClear(store, scope) {
    const inner = inners.get(store) as EventStore;
    failing.add(inner);
    try {
      await expect(store.clearBefore(scope)).rejects.toThrow('interrupted before the commit');
    } finally {
      failing.delete(inner);
    }
  },
});

describe('event store with the click archive', () => {
  it('answers stored clicks from the archive, the store only for what the archive lacks', async () => {
    const dir = tempDir();
    const lookups = { store: 0 };
    const store = await openAt(dir, lookups);
    const clicks = Array.from({ length: 300 }, (_, index) => sampleClick(T0 + index * 10));
    const lander = { ...(clicks[0] as TrackingEvent), kind: EVENT_KIND.lpClick, seq: 1, time: T0 + 5 };
    await store.append([...clicks, lander]);
    for (const click of clicks) expect(await store.findClick(click.clickId, click.time)).toEqual(click);
    expect(lookups.store).toBe(0);
    // A click the store holds and the archive lost (a kill before its block was written): the store
    // finds it.
    const lost = sampleClick(T0 + 3 * 3_600_000);
    await (inners.get(store) as EventStore).append([lost]);
    expect(await store.findClick(lost.clickId, lost.time)).toEqual(lost);
    expect(lookups.store).toBe(1);
    await store.close();
    // After a restart the archive still answers.
    const reopened = await openAt(dir, lookups);
    expect(
      await reopened.findClick((clicks[42] as TrackingEvent).clickId, (clicks[42] as TrackingEvent).time),
    ).toEqual(clicks[42]);
    expect(lookups.store).toBe(1);
    await reopened.close();
  });

  it('archives the clicks of journal segments the store reads itself, torn lines and other kinds left out', async () => {
    const dir = tempDir();
    const lookups = { store: 0 };
    const store = await openAt(dir, lookups);
    const clicks = [sampleClick(T0), sampleClick(T0 + 1)];
    const conversion = { ...(clicks[1] as TrackingEvent), kind: EVENT_KIND.conversion, seq: 1, time: T0 + 9 };
    const segment = path.join(dir, 'segment-1.jsonl');
    const torn = encodeEvent(sampleClick(T0 + 2)).slice(0, 120);
    fs.writeFileSync(
      segment,
      [HEADER_LINE, ...clicks.map(encodeEvent), encodeEvent(conversion), torn].join('\n'),
    );
    expect(await store.appendJournalFiles?.([segment], { source: 'node-a', position: 1 })).toBe(3);
    for (const click of clicks) expect(await store.findClick(click.clickId, click.time)).toEqual(click);
    expect(lookups.store).toBe(0);
    await store.close();
  });

  it('keeps journal clicks without the columns the engine derives, and leaves a made-up place to the store', async () => {
    const enricher = await createEnricher({});
    const dir = tempDir();
    const lookups = { store: 0 };
    const store = await openAt(dir, lookups);
    store.deriveClickFacts((ip, userAgent) => clickFacts(enricher, ip, userAgent));
    const enriched = [
      engineClick(enricher, '8.8.8.8', WINDOWS_CHROME, T0),
      engineClick(enricher, '81.2.69.160', IPHONE_SAFARI, T0 + 1),
    ];
    // A seeded click's place is made up: the archive cannot derive it again, so the store answers.
    const seeded = { ...sampleClick(T0 + 2), ip: '8.8.8.8', userAgent: WINDOWS_CHROME };
    const segment = path.join(dir, 'segment-1.jsonl');
    fs.writeFileSync(segment, `${[HEADER_LINE, ...[...enriched, seeded].map(encodeEvent)].join('\n')}\n`);
    expect(await store.appendJournalFiles?.([segment], { source: 'node-a', position: 1 })).toBe(3);
    await store.close();
    const reopened = await openAt(dir, lookups);
    reopened.deriveClickFacts((ip, userAgent) => clickFacts(enricher, ip, userAgent));
    for (const click of enriched) expect(await reopened.findClick(click.clickId, click.time)).toEqual(click);
    expect(lookups.store).toBe(0);
    expect(await reopened.findClick(seeded.clickId, seeded.time)).toEqual(seeded);
    expect(lookups.store).toBe(1);
    expect(reopened.clickArchiveStatus()).toMatchObject({ blocks: 1, lastError: null });
    await reopened.close();
  });

  it('copies the clicks a store held before the archive existed, newest first, once', async () => {
    const dir = tempDir();
    const plain = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'));
    const now = Date.now();
    const clicks = Array.from({ length: 500 }, (_, index) =>
      sampleClick(now - 5 * 3_600_000 + index * 30_000),
    );
    await plain.append(clicks);
    await plain.close();
    const lookups = { store: 0 };
    const store = await openAt(dir, lookups);
    await store.backfilled;
    expect(store.clickArchiveStatus()).toMatchObject({ backfillBefore: null, lastError: null });
    for (const click of clicks) expect(await store.findClick(click.clickId, click.time)).toEqual(click);
    expect(lookups.store).toBe(0);
    const { blocks } = store.clickArchiveStatus();
    await store.close();
    const again = await openAt(dir, lookups);
    await again.backfilled;
    expect(again.clickArchiveStatus().blocks).toBe(blocks);
    await again.close();
  });

  it('copies only the days it keeps, and leaves older clicks to the store', async () => {
    const dir = tempDir();
    const plain = await DuckDbEventStore.open(path.join(dir, 'events.duckdb'));
    const day = 86_400_000;
    const old = [sampleClick(T0 - 3 * day), sampleClick(T0 - 2 * day)];
    const kept = [sampleClick(T0 - day), sampleClick(T0 - 60_000)];
    await plain.append([...old, ...kept]);
    await plain.close();
    const lookups = { store: 0 };
    const store = await openAt(dir, lookups, { keepDays: 1, clock: () => T0 });
    await store.backfilled;
    for (const click of kept) expect(await store.findClick(click.clickId, click.time)).toEqual(click);
    expect(lookups.store).toBe(0);
    for (const click of old) expect(await store.findClick(click.clickId, click.time)).toEqual(click);
    expect(lookups.store).toBe(old.length);
    expect(store.clickArchiveStatus()).toMatchObject({ files: 2, backfillBefore: null, lastError: null });
    await store.close();
  });

  it('leaves clicks the store deleted or cleared to the store, and still answers the rest', async () => {
    const dir = tempDir();
    const lookups = { store: 0 };
    const store = await openAt(dir, lookups);
    const kept = { ...sampleClick(T0), campaignId: 7 };
    const deleted = { ...sampleClick(T0 + 1), campaignId: 8 };
    const cleared = { ...sampleClick(T0 + 2), campaignId: 9 };
    const other = { ...sampleClick(T0 + 3), campaignId: 10 };
    await store.append([kept, deleted, cleared, other]);
    await store.deleteBefore(T0 + 60_000, [7, 9, 10]);
    await store.clearBefore({ before: T0 + 60_000, only: [9], keep: [] });
    expect(await store.findClick(deleted.clickId, deleted.time)).toBeNull();
    expect(lookups.store).toBe(1);
    // The store answers for a cleared click from its rollup, as it would without the archive.
    expect(await store.findClick(cleared.clickId, cleared.time)).toBeNull();
    expect(await store.findClearedClick(cleared.clickId, cleared.time)).toMatchObject({
      clickId: cleared.clickId,
      campaignId: 9,
    });
    expect(lookups.store).toBe(2);
    expect(await store.findClick(kept.clickId, kept.time)).toEqual(kept);
    expect(await store.findClick(other.clickId, other.time)).toEqual(other);
    expect(lookups.store).toBe(2);
    await store.close();
    // What was forgotten stays forgotten after a restart.
    const reopened = await openAt(dir, lookups);
    expect(await reopened.findClick(deleted.clickId, deleted.time)).toBeNull();
    expect(await reopened.findClick(other.clickId, other.time)).toEqual(other);
    expect(lookups.store).toBe(3);
    await reopened.close();
  });
});

describe('the embedded event store', () => {
  it('keeps the click archive in <data dir>/clicks unless CAIRN_CLICK_ARCHIVE is off', async () => {
    const withArchive = tempDir();
    const archived = await openEventStore({ dataDir: withArchive });
    expect(archived.clickArchiveStatus?.()).toMatchObject({ files: 0, lastError: null });
    await archived.close();
    expect(fs.existsSync(path.join(withArchive, 'clicks', 'archive.json'))).toBe(true);
    const without = tempDir();
    const plain = await openEventStore({ dataDir: without, clickArchive: false });
    expect(plain.clickArchiveStatus).toBeUndefined();
    await plain.close();
    expect(fs.existsSync(path.join(without, 'clicks'))).toBe(false);
  });
});

describe('the clicks of a journal segment', () => {
  const visited = (text: string) => {
    const found: { time: number; line: string }[] = [];
    visitClickLines(Buffer.from(text), (time, data, start, end) =>
      found.push({ time, line: Buffer.from(data.subarray(start, end)).toString() }),
    );
    return found;
  };

  it('are found in the bytes, other kinds, garbage and a torn last line left out', () => {
    const click = sampleClick(T0);
    click.tokens[0] = 'Zürich ✓ "quoted"';
    const lp = { ...sampleClick(T0 + 5), kind: EVENT_KIND.lpClick, seq: 1 };
    const later = sampleClick(T0 + 7);
    const text = [
      HEADER_LINE,
      encodeEvent(click),
      encodeEvent(lp),
      `[${EVENT_KIND.click},12x4,"bad time"]`,
      'not json at all',
      encodeEvent(later),
      encodeEvent(sampleClick(T0 + 8)).slice(0, 90),
    ].join('\n');
    expect(visited(text)).toEqual([
      { time: T0, line: encodeEvent(click) },
      { time: T0 + 7, line: encodeEvent(later) },
    ]);
  });

  it('are read by their header in an older layout, and left in a newer format', () => {
    const click = sampleClick(T0);
    const current = JSON.parse(HEADER_LINE) as { cairnJournal: number; columns: string[] };
    const reversed = [...current.columns].reverse();
    const line = JSON.stringify((JSON.parse(encodeEvent(click)) as unknown[]).reverse());
    const older = [JSON.stringify({ cairnJournal: current.cairnJournal, columns: reversed }), line, ''].join(
      '\n',
    );
    expect(visited(older)).toEqual([{ time: T0, line: encodeEvent(click) }]);
    const newer = [
      JSON.stringify({ cairnJournal: current.cairnJournal + 1, columns: reversed }),
      line,
      '',
    ].join('\n');
    expect(visited(newer)).toEqual([]);
  });
});
