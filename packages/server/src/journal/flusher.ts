import fs from 'node:fs';
import type { TrackingEvent } from '../events/event.ts';
import { HEADER_LINE } from '../events/journalCodec.ts';
import type { EventStore, EventTimes } from '../store/events/port.ts';
import {
  DEFAULT_BATCH_EVENTS,
  type Journal,
  type RecorderLogger,
  readSegment,
  type Segment,
} from './journal.ts';

// The flusher moves closed journal segments into the event store. Each append carries the mark "segments
// up to N of this node are stored", committed with the batch, so after any crash the journal knows which
// segments to delete and which to replay: every event is stored exactly once.

/** What the monitor shows of the click journal. */
export interface RecorderStats {
  /** Events journaled but not yet in the event store. */
  backlogEvents: number;
  backlogSegments: number;
  /** When events last reached the store (ms), null before the first time. */
  lastFlushAt: number | null;
  /** How long that flush took. */
  lastFlushMs: number;
  /** Age of the oldest event not yet stored (0 when none waits). */
  lagMs: number;
  /** Events stored since the recorder opened. */
  flushedTotal: number;
  /** Events recorded per second over the last ~10 s. */
  eventsPerSecond: number;
  /** Failed flushes in a row (0 when the last one worked) and the last error's message. */
  failures: number;
  lastError: string | null;
}

export interface FlusherOptions {
  nodeId: string;
  store: EventStore;
  logger: RecorderLogger;
  intervalMs?: number;
  /** Events per store append; several segments are merged up to this (a bigger single one goes whole). */
  maxBatchEvents?: number;
  /** Longest wait between retries while the store fails. */
  maxBackoffMs?: number;
  /** Told of every flush that stored something (its seconds) and of every failed one (null). */
  onFlush?: (seconds: number | null) => void;
}

const RATE_WINDOW_MS = 10_000;
/** Segments (at most 2,000 events each) handed to the store in one transaction. */
const MAX_FILES_PER_APPEND = 50;
const CURRENT_HEADER = Buffer.from(`${HEADER_LINE}\n`);

/** Whether a segment starts with the current header, and whether its last line was cut by a crash. */
async function inspect(file: string): Promise<{ current: boolean; torn: boolean }> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const head = Buffer.alloc(CURRENT_HEADER.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const { size } = await handle.stat();
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, Math.max(0, size - 1));
    return { current: bytesRead === head.length && head.equals(CURRENT_HEADER), torn: last[0] !== 0x0a };
  } finally {
    await handle.close();
  }
}

export class Flusher {
  private readonly journal: Journal;
  private readonly store: EventStore;
  private readonly source: string;
  private readonly logger: RecorderLogger;
  private readonly intervalMs: number;
  private readonly maxBatch: number;
  private readonly maxBackoffMs: number;
  private readonly onFlush: (seconds: number | null) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  // After a failed append the store may have committed anyway (a lost acknowledgement): ask it how far
  // it got before appending again.
  private recheck = false;
  // A segment read but left for the next batch, so it is not read twice.
  private carried: { number: number; events: TrackingEvent[] } | null = null;
  private failures = 0;
  private lastError: string | null = null;
  private lastFlushAt: number | null = null;
  private lastFlushMs = 0;
  private flushedTotal = 0;
  private readonly rateSamples: { at: number; total: number }[] = [];

  constructor(journal: Journal, options: FlusherOptions) {
    this.journal = journal;
    this.store = options.store;
    this.source = options.nodeId;
    this.logger = options.logger;
    this.intervalMs = options.intervalMs ?? 100;
    this.maxBatch = options.maxBatchEvents ?? DEFAULT_BATCH_EVENTS;
    this.maxBackoffMs = options.maxBackoffMs ?? 5000;
    this.onFlush = options.onFlush ?? (() => {});
  }

  /** Flushes every `intervalMs` from now on, backing off while the store fails. */
  start(): void {
    this.schedule(this.intervalMs);
  }

  /**
   * Rotates the journal and stores every closed segment. Flushes never overlap: a call made during one
   * runs after it. Rejects when the store refuses (the segments stay for the next try).
   */
  flush(): Promise<void> {
    const previous = this.running ?? Promise.resolve();
    const run = previous.then(
      () => this.flushAll(),
      () => this.flushAll(),
    );
    this.running = run;
    const clear = () => {
      if (this.running === run) this.running = null;
    };
    run.then(clear, clear);
    return run;
  }

  /** Stops the timer and makes a last flush; what it cannot store stays in the journal for the next start. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      await this.flush();
    } catch {
      // Logged by flushAll; the segments are replayed at the next start.
    }
  }

  stats(): RecorderStats {
    const now = Date.now();
    let backlogEvents = this.journal.openEvents;
    let oldest = backlogEvents > 0 ? this.journal.openFirstAt : now;
    const closed = this.journal.closedSegments;
    for (const segment of closed) backlogEvents += segment.events ?? 0;
    if (closed.length > 0) oldest = Math.min(oldest, (closed[0] as Segment).firstAt);
    const baseline = this.rateSamples.find((sample) => sample.at >= now - RATE_WINDOW_MS);
    const seconds = baseline ? (now - baseline.at) / 1000 : 0;
    return {
      backlogEvents,
      backlogSegments: closed.length + (this.journal.openEvents > 0 ? 1 : 0),
      lastFlushAt: this.lastFlushAt,
      lastFlushMs: this.lastFlushMs,
      lagMs: Math.max(0, now - oldest),
      flushedTotal: this.flushedTotal,
      eventsPerSecond:
        baseline && seconds > 0 ? Math.round((this.journal.appendedTotal - baseline.total) / seconds) : 0,
      failures: this.failures,
      lastError: this.lastError,
    };
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delay);
    // The journal already holds every event: a pending flush must not keep the process alive.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.timer = null;
    try {
      await this.flush();
    } catch {
      // Logged by flushAll; retried after the backoff.
    }
    const backoff = Math.min(this.maxBackoffMs, this.intervalMs * 2 ** Math.min(this.failures, 16));
    this.schedule(this.failures > 0 ? backoff : this.intervalMs);
  }

  private async flushAll(): Promise<void> {
    this.sampleRate();
    this.journal.rotate();
    const started = performance.now();
    let stored = 0;
    try {
      if (this.recheck) {
        this.release(await this.store.flushedPosition(this.source));
        this.recheck = false;
      }
      while (this.journal.closedSegments.length > 0) {
        const files = await this.filesForStore();
        if (files.length > 0 && this.store.appendJournalFiles) {
          const upTo = (files.at(-1) as Segment).number;
          const count = await this.store.appendJournalFiles(
            files.map((segment) => segment.file),
            { source: this.source, position: upTo },
            spanOf(files),
          );
          this.release(upTo);
          stored += count;
          this.flushedTotal += count;
          continue;
        }
        const { events, upTo } = await this.nextBatch();
        await this.store.append(events, { source: this.source, position: upTo });
        this.release(upTo);
        stored += events.length;
        this.flushedTotal += events.length;
      }
    } catch (error) {
      this.failures += 1;
      this.onFlush(null);
      this.recheck = true;
      this.lastError = error instanceof Error ? error.message : String(error);
      // Logged at failures 1, 2, 4, 8...: an outage of hours does not flood the log.
      if ((this.failures & (this.failures - 1)) === 0) {
        this.logger.error(
          { err: error, failures: this.failures, backlog: this.stats().backlogEvents },
          'Could not store journaled events; they stay in the journal and are retried',
        );
      }
      throw error;
    }
    if (this.failures > 0) {
      this.logger.warn({ failures: this.failures }, 'Journaled events reach the event store again');
    }
    this.failures = 0;
    this.lastError = null;
    if (stored > 0) {
      this.lastFlushAt = Date.now();
      const elapsedMs = performance.now() - started;
      this.lastFlushMs = Math.round(elapsedMs * 10) / 10;
      this.onFlush(elapsedMs / 1000);
    }
  }

  /**
   * The oldest closed segments the store can read itself (it offers appendJournalFiles and they are in
   * the current line format), so the event loop neither parses nor converts them. Segments of an older
   * format, or a segment already read into memory, take the parsed path.
   */
  private async filesForStore(): Promise<Segment[]> {
    if (!this.store.appendJournalFiles || this.carried) return [];
    const files: Segment[] = [];
    // A backlog is stored in appends that end where the store writes its storage out, so a catch-up
    // does not leave it a half-written block to write again (see rowGroupCheckpoints.ts).
    const preferred = this.store.preferredAppendEvents?.() ?? Number.POSITIVE_INFINITY;
    let events = 0;
    for (const segment of this.journal.closedSegments) {
      if (files.length >= MAX_FILES_PER_APPEND || (files.length > 0 && events >= preferred)) break;
      const { current, torn } = await inspect(segment.file);
      if (!current) break;
      // The store skips a line that does not parse; said here as the parsed path says it.
      if (torn) this.logger.warn({ file: segment.file }, 'Skipped a torn last journal line');
      files.push(segment);
      events += segment.events ?? DEFAULT_BATCH_EVENTS;
    }
    return files;
  }

  /** The events of the oldest closed segments, up to the batch size, and the number of the last one. */
  private async nextBatch(): Promise<{ events: TrackingEvent[]; upTo: number }> {
    const events: TrackingEvent[] = [];
    let upTo = -1;
    // Live view: a segment closed while this reads is taken too, in order.
    for (const segment of this.journal.closedSegments) {
      const segmentEvents = await this.read(segment);
      if (upTo >= 0 && events.length + segmentEvents.length > this.maxBatch) {
        this.carried = { number: segment.number, events: segmentEvents };
        break;
      }
      for (const event of segmentEvents) events.push(event);
      upTo = segment.number;
      if (events.length >= this.maxBatch) break;
    }
    return { events, upTo };
  }

  private async read(segment: Segment): Promise<TrackingEvent[]> {
    if (this.carried?.number === segment.number) {
      const { events } = this.carried;
      this.carried = null;
      return events;
    }
    const events = await readSegment(segment, this.logger);
    segment.events = events.length;
    return events;
  }

  private release(upTo: number): void {
    this.journal.release(upTo);
    if (this.carried && this.carried.number <= upTo) this.carried = null;
  }

  private sampleRate(): void {
    const now = Date.now();
    this.rateSamples.push({ at: now, total: this.journal.appendedTotal });
    // Keep one sample older than the window as the baseline of the rate.
    while (this.rateSamples.length > 1 && (this.rateSamples[1] as { at: number }).at < now - RATE_WINDOW_MS) {
      this.rateSamples.shift();
    }
  }
}

/** The event times of these segments together; null when one of them was left by an earlier run. */
function spanOf(segments: readonly Segment[]): EventTimes | null {
  let span: EventTimes | null = null;
  for (const segment of segments) {
    if (!segment.times) return null;
    span = span
      ? { from: Math.min(span.from, segment.times.from), to: Math.max(span.to, segment.times.to) }
      : { ...segment.times };
  }
  return span;
}
