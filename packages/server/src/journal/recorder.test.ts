import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleClick } from '../../test-support/sampleEvents.ts';
import { tempDir } from '../../test-support/server.ts';
import type { TrackingEvent } from '../events/event.ts';
import { DuckDbEventStore } from '../store/events/duckdb.ts';
import type { EventStore, JournalMark } from '../store/events/port.ts';
import { Flusher } from './flusher.ts';
import { Journal, readSegment, type Segment } from './journal.ts';
import { type ClickRecorder, openRecorder } from './recorder.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const NODE = 'node-a';
// Long enough that no timer flush happens unless a test asks for one.
const NEVER = 3_600_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function logger() {
  const messages: string[] = [];
  return {
    messages,
    warn: (_obj: unknown, msg?: string) => messages.push(msg ?? ''),
    error: (_obj: unknown, msg?: string) => messages.push(msg ?? ''),
  };
}

async function setup(): Promise<{ dataDir: string; store: DuckDbEventStore }> {
  const dataDir = tempDir('cairn-recorder-');
  const store = await DuckDbEventStore.open(path.join(dataDir, 'events.duckdb'));
  cleanups.push(() => store.close());
  return { dataDir, store };
}

/** Opens a recorder that the test's cleanup closes, unless `crash` (it is then just dropped). */
async function open(
  dataDir: string,
  store: EventStore,
  options: {
    intervalMs?: number;
    maxBatchEvents?: number;
    crash?: boolean;
    log?: ReturnType<typeof logger>;
    onJournaled?: (event: TrackingEvent) => void;
  } = {},
): Promise<ClickRecorder> {
  const recorder = await openRecorder({
    dataDir,
    nodeId: NODE,
    store,
    intervalMs: options.intervalMs ?? NEVER,
    maxBatchEvents: options.maxBatchEvents,
    logger: options.log ?? logger(),
    onJournaled: options.onJournaled,
  });
  if (!options.crash) cleanups.push(() => recorder.close());
  return recorder;
}

/** Stored count per click id. */
async function storedCounts(store: EventStore): Promise<Map<string, number>> {
  const rows = await store.query<{ click_id: string; n: number }>(
    'SELECT click_id, count(*) AS n FROM events GROUP BY click_id',
  );
  return new Map(rows.map((row) => [row.click_id, Number(row.n)]));
}

async function expectExactlyOnce(store: EventStore, events: readonly TrackingEvent[]): Promise<void> {
  const counts = await storedCounts(store);
  expect(counts.size).toBe(events.length);
  expect(events.filter((event) => counts.get(event.clickId) !== 1).map((event) => event.clickId)).toEqual([]);
}

function record(recorder: ClickRecorder, count: number, from = 0): TrackingEvent[] {
  const events = Array.from({ length: count }, (_, index) => sampleClick(T0 + from + index));
  for (const event of events) recorder.record(event);
  return events;
}

const journalFiles = (dataDir: string) => fs.readdirSync(path.join(dataDir, 'journal'));

/** The store, with failures injected into append. */
function flakyStore(
  inner: EventStore,
  fail: (call: number, commit: () => Promise<void>) => Promise<void> | undefined,
): EventStore & { appends: { events: number; mark?: JournalMark }[] } {
  const appends: { events: number; mark?: JournalMark }[] = [];
  let call = 0;
  return {
    appends,
    dialect: inner.dialect,
    exportEvents: (spec, file) => inner.exportEvents(spec, file),
    append(events, mark) {
      call += 1;
      const commit = async () => {
        await inner.append(events, mark);
        appends.push({ events: events.length, mark });
      };
      return fail(call, commit) ?? commit();
    },
    flushedPosition: (source) => inner.flushedPosition(source),
    findClick: (id, time) => inner.findClick(id, time),
    query: (text, params) => inner.query(text, params),
    queryChunks: (text, params) => inner.queryChunks(text, params),
    deleteBefore: (time, keep) => inner.deleteBefore(time, keep),
    clearBefore: (scope) => inner.clearBefore(scope),
    countClearable: (scope) => inner.countClearable(scope),
    findClearedClick: (id, time) => inner.findClearedClick(id, time),
    forgetClearedClicks: (time) => inner.forgetClearedClicks(time),
    reportSources: () => inner.reportSources(),
    sizeOnDisk: () => inner.sizeOnDisk(),
    close: () => inner.close(),
  };
}

async function until(condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition never met');
}

describe('click recorder', () => {
  it('stores recorded events exactly once and deletes their segments', async () => {
    const { dataDir, store } = await setup();
    const recorder = await open(dataDir, store);
    const events = record(recorder, 250);
    expect(recorder.stats()).toMatchObject({ backlogEvents: 250, backlogSegments: 1, lastFlushAt: null });
    await recorder.flushNow();
    await recorder.flushNow();
    await expectExactlyOnce(store, events);
    expect(await store.findClick(events[7]?.clickId ?? '', events[7]?.time ?? 0)).toEqual(events[7]);
    expect(journalFiles(dataDir)).toEqual([]);
    expect(recorder.stats()).toMatchObject({
      backlogEvents: 0,
      backlogSegments: 0,
      flushedTotal: 250,
      lagMs: 0,
    });
    expect(recorder.stats().lastFlushAt).not.toBeNull();
    expect(await store.flushedPosition(NODE)).toBe(1);
  });

  it('flushes on its own timer', async () => {
    const { dataDir, store } = await setup();
    const recorder = await open(dataDir, store, { intervalMs: 10 });
    const events = record(recorder, 30);
    await until(async () => (await storedCounts(store)).size === 30);
    await expectExactlyOnce(store, events);
  });

  it('stores what is left at close and refuses events after it', async () => {
    const { dataDir, store } = await setup();
    const recorder = await open(dataDir, store, { crash: true });
    const events = record(recorder, 40);
    await recorder.close();
    await expectExactlyOnce(store, events);
    expect(() => record(recorder, 1)).toThrow(/closed/);
  });

  it('replays the journal of a recorder dropped without flush or close', async () => {
    const { dataDir, store } = await setup();
    const crashed = await open(dataDir, store, { crash: true, maxBatchEvents: 100 });
    const before = record(crashed, 50);
    await crashed.flushNow();
    const unflushed = record(crashed, 330, 50); // four segments, the last one still open
    const log = logger();
    const restarted = await open(dataDir, store, { log });
    await expectExactlyOnce(store, [...before, ...unflushed]);
    expect(journalFiles(dataDir)).toEqual([]);
    expect(log.messages).toEqual([]);
    // New segments number after the replayed ones: a later flush stores them too.
    const after = record(restarted, 5, 1000);
    await restarted.flushNow();
    await expectExactlyOnce(store, [...before, ...unflushed, ...after]);
  });

  it('tells of each event it journals, once, and not of the ones it replays', async () => {
    const { dataDir, store } = await setup();
    const crashed = await open(dataDir, store, { crash: true });
    record(crashed, 3);
    const told: string[] = [];
    const restarted = await open(dataDir, store, { onJournaled: (event) => told.push(event.clickId) });
    const recorded = record(restarted, 2, 100);
    const staged = sampleClick(T0 + 200);
    restarted.stage(staged);
    restarted.commit();
    expect(told).toEqual([...recorded, staged].map((event) => event.clickId));
  });

  it('does not store twice a segment committed but not deleted before a crash', async () => {
    const { dataDir, store } = await setup();
    const log = logger();
    const journal = Journal.open(path.join(dataDir, 'journal'), { storedUpTo: -1, logger: log });
    const events = Array.from({ length: 20 }, (_, index) => sampleClick(T0 + index));
    for (const event of events) journal.append(event);
    journal.rotate();
    const segment = journal.closedSegments[0] as Segment;
    // What the flusher does, up to the crash: the batch and its mark are committed, the file stays.
    await store.append(await readSegment(segment, log), { source: NODE, position: segment.number });
    journal.close();
    expect(journalFiles(dataDir)).toHaveLength(1);

    await open(dataDir, store);
    await expectExactlyOnce(store, events);
    expect(journalFiles(dataDir)).toEqual([]);
  });

  it('skips a torn last line left by a crash', async () => {
    const { dataDir, store } = await setup();
    const crashed = await open(dataDir, store, { crash: true });
    const events = record(crashed, 12);
    const [file] = journalFiles(dataDir);
    fs.appendFileSync(path.join(dataDir, 'journal', file ?? ''), '[1,"2026-03-01","0abc');
    const log = logger();
    await open(dataDir, store, { log });
    await expectExactlyOnce(store, events);
    expect(log.messages).toEqual(['Skipped a torn last journal line']);
  });

  it('keeps the segments while the store fails and loses nothing when it recovers', async () => {
    const { dataDir, store } = await setup();
    const flaky = flakyStore(store, (call) =>
      call === 1 ? Promise.reject(new Error('store down')) : undefined,
    );
    const log = logger();
    const recorder = await open(dataDir, flaky, { log });
    const events = record(recorder, 100);
    await expect(recorder.flushNow()).rejects.toThrow('store down');
    expect(recorder.stats()).toMatchObject({ backlogEvents: 100, failures: 1, lastError: 'store down' });
    expect(journalFiles(dataDir)).toHaveLength(1);
    const more = record(recorder, 10, 500);
    await recorder.flushNow();
    await expectExactlyOnce(store, [...events, ...more]);
    expect(recorder.stats()).toMatchObject({ backlogEvents: 0, failures: 0, lastError: null });
    expect(log.messages).toHaveLength(2); // the failure, then the recovery
  });

  it('does not store twice a batch whose commit worked but whose answer was lost', async () => {
    const { dataDir, store } = await setup();
    const flaky = flakyStore(store, (call, commit) =>
      call === 1 ? commit().then(() => Promise.reject(new Error('connection reset'))) : undefined,
    );
    const recorder = await open(dataDir, flaky);
    const events = record(recorder, 60);
    await expect(recorder.flushNow()).rejects.toThrow('connection reset');
    await recorder.flushNow();
    await expectExactlyOnce(store, events);
    expect(journalFiles(dataDir)).toEqual([]);
  });

  it('opens while the store refuses the replay, and retries it in order', async () => {
    const { dataDir, store } = await setup();
    const crashed = await open(dataDir, store, { crash: true });
    const left = record(crashed, 25);
    let down = true;
    const flaky = flakyStore(store, () => (down ? Promise.reject(new Error('store down')) : undefined));
    const recorder = await open(dataDir, flaky, { intervalMs: 10 });
    expect(recorder.stats().failures).toBeGreaterThan(0);
    const fresh = record(recorder, 5, 100);
    down = false;
    await until(() => recorder.stats().backlogEvents === 0);
    await expectExactlyOnce(store, [...left, ...fresh]);
    // The left-over segment went first, alone in its batch or with the newer ones, never after them.
    expect(flaky.appends.map((append) => append.mark?.position)).toEqual(
      [...(flaky.appends.map((append) => append.mark?.position) as number[])].sort((a, b) => a - b),
    );
  });

  it('merges small segments into one append up to the batch size, marked with the last', async () => {
    const { dataDir, store } = await setup();
    const spy = flakyStore(store, () => undefined);
    const log = logger();
    const journal = Journal.open(path.join(dataDir, 'journal'), { storedUpTo: -1, logger: log });
    const events: TrackingEvent[] = [];
    for (let segment = 0; segment < 7; segment += 1) {
      for (let index = 0; index < 3; index += 1) {
        const event = sampleClick(T0 + events.length);
        events.push(event);
        journal.append(event);
      }
      journal.rotate();
    }
    const flusher = new Flusher(journal, { nodeId: NODE, store: spy, logger: log, maxBatchEvents: 10 });
    await flusher.flush();
    expect(spy.appends).toEqual([
      { events: 9, mark: { source: NODE, position: 3 } },
      { events: 9, mark: { source: NODE, position: 6 } },
      { events: 3, mark: { source: NODE, position: 7 } },
    ]);
    await expectExactlyOnce(store, events);
    journal.close();
  });
});
