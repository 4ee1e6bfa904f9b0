import path from 'node:path';
import type { TrackingEvent } from '../events/event.ts';
import type { EventStore } from '../store/events/port.ts';
import { Flusher, type FlusherOptions, type RecorderStats } from './flusher.ts';
import { Journal, type JournalWrite, type RecorderLogger } from './journal.ts';

/**
 * The durable recording half of the click engine: a journal in `<dataDir>/journal/` plus its flusher.
 *
 * ```ts
 * const recorder = await openRecorder({ dataDir, nodeId, store: eventStore, logger });
 * recorder.record(event);      // synchronous: the event is on disk (OS page cache) when this returns,
 *                              // so answer the HTTP request only after it; throws if it could not be written
 *                              // (a value no store can hold: TypeError; a disk error: its error)
 * recorder.stage(event);       // the same, but written by the next commit(), one write(2) for everything
 * recorder.pendingWrite;       //   staged meanwhile; answer only once that write says `written: true`
 * recorder.commit();
 * recorder.stats();            // backlog, lag, last flush, rate: for the monitor
 * await recorder.flushNow();   // stores everything journaled so far; rejects if the store refuses
 * await recorder.close();      // final flush, then the journal is closed; call before closing the store
 * ```
 *
 * Exactly once: each store append carries the journal mark (node id, last segment number) in the same
 * transaction. `openRecorder` deletes the segments the store already holds, replays the rest left by an
 * earlier run (killed or not) before returning, and numbers new segments after both. If the store refuses
 * that replay the recorder still opens (clicks keep being journaled) and the flusher keeps retrying, with
 * backoff, in order. `close` never rejects: what it cannot store stays in the journal for the next start.
 */
export interface ClickRecorder {
  /** Journals the event; resolves to its journal line, for keeping the click in memory without encoding it again. */
  record(event: TrackingEvent): string;
  /** Journals the event with the next `commit`; throws as `record` does for an event no store can hold. */
  stage(event: TrackingEvent): string;
  /** The bytes of the line the last `stage` wrote, until the next one (see Journal.lastStagedLine). */
  readonly lastStagedLine: Uint8Array;
  /** The write the events staged since the last commit go out in. */
  readonly pendingWrite: JournalWrite;
  /** Writes the staged events; throws the disk's error. */
  commit(): void;
  stats(): RecorderStats;
  /** Whether an event of this time may still be waiting in the journal, not yet in the store. */
  mayHold(time: number): boolean;
  flushNow(): Promise<void>;
  close(): Promise<void>;
}

export type { RecorderStats } from './flusher.ts';
export type { JournalWrite, RecorderLogger } from './journal.ts';

export interface RecorderOptions {
  dataDir: string;
  /** Names this node's journal in the store's marks: unique per process sharing one event store. */
  nodeId: string;
  store: EventStore;
  /** How often journaled events move to the store (default 100 ms). */
  intervalMs?: number;
  logger?: RecorderLogger;
  /** Events per store append (default 2000); also the most one journal segment holds. */
  maxBatchEvents?: number;
  onFlush?: FlusherOptions['onFlush'];
  /** Told of each event `record` or `stage` journaled (not of the replay), e.g. for in-memory counts. */
  onJournaled?: (event: TrackingEvent) => void;
}

const consoleLogger: RecorderLogger = {
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};

export async function openRecorder(options: RecorderOptions): Promise<ClickRecorder> {
  const logger = options.logger ?? consoleLogger;
  const journal = Journal.open(path.join(options.dataDir, 'journal'), {
    storedUpTo: await options.store.flushedPosition(options.nodeId),
    maxSegmentEvents: options.maxBatchEvents,
    logger,
  });
  const flusher = new Flusher(journal, {
    nodeId: options.nodeId,
    store: options.store,
    logger,
    intervalMs: options.intervalMs,
    maxBatchEvents: options.maxBatchEvents,
    onFlush: options.onFlush,
  });
  try {
    await flusher.flush();
  } catch {
    // Logged by the flusher; its timer retries the replay before anything newer.
  }
  flusher.start();
  const journaled = options.onJournaled ?? (() => {});
  return {
    record: (event) => {
      const line = journal.append(event);
      journaled(event);
      return line;
    },
    stage: (event) => {
      const line = journal.stage(event);
      journaled(event);
      return line;
    },
    get lastStagedLine() {
      return journal.lastStagedLine;
    },
    get pendingWrite() {
      return journal.pendingWrite;
    },
    commit: () => journal.commit(),
    stats: () => flusher.stats(),
    mayHold: (time) => journal.mayHold(time),
    flushNow: () => flusher.flush(),
    async close() {
      await flusher.stop();
      journal.close();
    },
  };
}
