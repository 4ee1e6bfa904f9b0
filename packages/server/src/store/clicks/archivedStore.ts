import fs from 'node:fs';
import { EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { decoderFor, encodeEvent, HEADER_LINE, headerColumns } from '../../events/journalCodec.ts';
import { JOURNAL_LINE, timestampLiteral } from '../events/duckdbValues.ts';
import type {
  ClearCounts,
  ClearScope,
  ClickArchiveStatus,
  ClickFacts,
  EventExportSpec,
  EventStore,
  JournalMark,
  ReportSources,
  Row,
  SqlParam,
} from '../events/port.ts';
import { type ArchiveLine, type ArchiveOptions, ClickArchive } from './archive.ts';

// The event store with the click archive beside it (archive.ts): every click the store takes is
// archived once the store has it, a postback's lookup asks the archive first and the store only when
// the archive cannot answer, and the archive is told which clicks a clear or deletion took. Clicks the
// store held before the archive existed are copied in from the store in the background, newest hour
// first (the clicks most likely still to convert).

const CLICK_PREFIX = `[${EVENT_KIND.click},`;
const BACKFILL_HOUR_MS = 3_600_000;

export interface ArchivedStoreOptions extends ArchiveOptions {
  /** Backfill pacing: a pause between hours, so reports and lookups keep their turn. */
  backfillPauseMs?: number;
}

const CLICK_PREFIX_BYTES = Buffer.from(CLICK_PREFIX);
const HEADER_BYTES = Buffer.from(HEADER_LINE);
const NEWLINE = 0x0a;
const COMMA = 0x2c;

/** A click line of a journal segment: its time and where it lies in the segment's bytes. */
export type ClickLineVisitor = (time: number, data: Uint8Array, start: number, end: number) => void;

/** The number the digits `data[start, end)` spell, NaN when they are not only digits. */
function digitsAt(data: Uint8Array, start: number, end: number): number {
  if (end <= start) return Number.NaN;
  let value = 0;
  for (let at = start; at < end; at += 1) {
    const digit = (data[at] as number) - 0x30;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Visits the clicks of a journal segment read as bytes. Lines of the current format are found in the
 * bytes as they are (kind and time are a line's first two values), so the flush path makes no string
 * per click; an older format is decoded and re-encoded; a newer one, and a last line a crash cut short
 * (no newline), are left.
 */
export function visitClickLines(data: Buffer, visit: ClickLineVisitor): void {
  let lineEnd = data.indexOf(NEWLINE);
  if (lineEnd < 0) return;
  if (lineEnd === HEADER_BYTES.length && data.subarray(0, lineEnd).equals(HEADER_BYTES)) {
    for (let start = lineEnd + 1; ; start = lineEnd + 1) {
      lineEnd = data.indexOf(NEWLINE, start);
      if (lineEnd < 0) return;
      if (CLICK_PREFIX_BYTES.compare(data, start, start + CLICK_PREFIX_BYTES.length) === 0) {
        const timeStart = start + CLICK_PREFIX_BYTES.length;
        const time = digitsAt(data, timeStart, data.indexOf(COMMA, timeStart));
        if (Number.isSafeInteger(time)) visit(time, data, start, lineEnd);
      }
    }
  }
  const columns = headerColumns(data.toString('utf8', 0, lineEnd));
  if (!columns || columns === 'newer') return;
  const decode = decoderFor(columns);
  for (let start = lineEnd + 1; ; start = lineEnd + 1) {
    lineEnd = data.indexOf(NEWLINE, start);
    if (lineEnd < 0) return;
    const event = decode(data.toString('utf8', start, lineEnd));
    if (event?.kind !== EVENT_KIND.click) continue;
    const line = Buffer.from(encodeEvent(event));
    visit(event.time, line, 0, line.length);
  }
}

export class ArchivedEventStore implements EventStore {
  readonly dialect: EventStore['dialect'];
  readonly appendJournalFiles?: EventStore['appendJournalFiles'];
  readonly preferredAppendEvents?: EventStore['preferredAppendEvents'];
  readonly refreshSummary?: EventStore['refreshSummary'];
  readonly summaryStatus?: EventStore['summaryStatus'];
  /** Resolves when the background copy of older clicks has finished or stopped. */
  readonly backfilled: Promise<void>;
  private readonly inner: EventStore;
  private readonly archive: ClickArchive;
  private stopping = false;
  // One buffer for every segment the archive reads (flushes never overlap, and the archive copies what
  // it keeps): a fresh one per segment would outlive the store's insert and free its memory only at
  // the next full garbage collection.
  private segmentBuffer = Buffer.allocUnsafeSlow(256 * 1024);

  private constructor(inner: EventStore, archive: ClickArchive, options: ArchivedStoreOptions) {
    this.inner = inner;
    this.archive = archive;
    this.dialect = inner.dialect;
    const appendFiles = inner.appendJournalFiles?.bind(inner);
    if (appendFiles) {
      this.appendJournalFiles = async (files, mark, times) => {
        const count = await appendFiles(files, mark, times);
        // Read before this resolves: the flusher then deletes the files.
        const add: ClickLineVisitor = (time, data, start, end) =>
          this.archive.addLine(time, data, start, end, 'journal');
        for (const file of files) {
          const segment = await this.readSegmentBytes(file);
          if (segment) visitClickLines(segment, add);
          await this.archive.settle();
        }
        return count;
      };
    }
    if (inner.preferredAppendEvents) this.preferredAppendEvents = inner.preferredAppendEvents.bind(inner);
    if (inner.refreshSummary) this.refreshSummary = inner.refreshSummary.bind(inner);
    if (inner.summaryStatus) this.summaryStatus = inner.summaryStatus.bind(inner);
    this.backfilled = this.backfill(options.backfillPauseMs ?? 5);
  }

  /** A segment's bytes, in the shared buffer until the next read; null when it cannot be read. */
  private async readSegmentBytes(file: string): Promise<Buffer | null> {
    try {
      const handle = await fs.promises.open(file, 'r');
      try {
        const { size } = await handle.stat();
        if (size > this.segmentBuffer.length) this.segmentBuffer = Buffer.allocUnsafeSlow(size);
        let read = 0;
        while (read < size) {
          const { bytesRead } = await handle.read(this.segmentBuffer, read, size - read, read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        return this.segmentBuffer.subarray(0, read);
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }

  /** Wraps `inner` with the archive kept in `dir`. */
  static async open(inner: EventStore, dir: string, options: ArchivedStoreOptions = {}) {
    const archive = await ClickArchive.open(
      dir,
      async () => {
        const rows = await inner.query(
          `SELECT 1 AS one FROM events WHERE kind = ${EVENT_KIND.click} LIMIT 1`,
        );
        return rows.length > 0;
      },
      options,
    );
    return new ArchivedEventStore(inner, archive, options);
  }

  async append(events: readonly TrackingEvent[], mark?: JournalMark): Promise<void> {
    await this.inner.append(events, mark);
    const lines: ArchiveLine[] = [];
    for (const event of events) {
      if (event.kind === EVENT_KIND.click) lines.push({ time: event.time, line: encodeEvent(event) });
    }
    this.archive.add(lines);
  }

  deriveClickFacts(facts: ClickFacts): void {
    this.archive.deriveFrom(facts);
  }

  async findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return (await this.archive.find(clickId, clickTime)) ?? this.inner.findClick(clickId, clickTime);
  }

  clickArchiveStatus(): ClickArchiveStatus {
    return this.archive.status();
  }

  /**
   * Copies the store's clicks from before the archive existed, an hour at a time from the newest down to
   * the oldest day the archive keeps, recording progress after each hour so a restart goes on where it
   * stopped. DuckDB builds the lines itself; other stores are not backfilled (their clicks are found in
   * the store, as before).
   */
  private async backfill(pauseMs: number): Promise<void> {
    let before = this.archive.backfillBefore;
    if (before === null) return;
    if (this.inner.dialect !== 'duckdb') {
      await this.archive.backfilledDownTo(null);
      return;
    }
    try {
      const [bounds] = await this.inner.query<{ first: number | null }>(
        `SELECT epoch_ms(min(ts)) AS first FROM events WHERE kind = ${EVENT_KIND.click}`,
      );
      const oldest = bounds?.first === null || bounds?.first === undefined ? null : Number(bounds.first);
      const first = oldest === null ? null : Math.max(oldest, this.archive.horizon());
      while (!this.stopping && first !== null && before > first) {
        const from = Math.max(first, before - BACKFILL_HOUR_MS);
        const rows = await this.inner.query<{ ms: number; line: string }>(
          `SELECT epoch_ms(ts) AS ms, ${JOURNAL_LINE} AS line FROM events
            WHERE kind = ${EVENT_KIND.click} AND ts >= ${timestampLiteral(from)} AND ts < ${timestampLiteral(before)}
            ORDER BY ts`,
        );
        this.archive.add(
          rows.map((row) => ({ time: Number(row.ms), line: row.line })),
          'backfill',
        );
        await this.archive.settle();
        before = from;
        await this.archive.backfilledDownTo(before);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      if (!this.stopping) await this.archive.backfilledDownTo(null);
    } catch {
      // Stopped by a closing store, or a read that failed: the next start goes on from `before`.
    }
  }

  flushedPosition(source: string): Promise<number> {
    return this.inner.flushedPosition(source);
  }

  query<T extends Row = Row>(text: string, params?: readonly SqlParam[]): Promise<T[]> {
    return this.inner.query<T>(text, params);
  }

  exportEvents(spec: EventExportSpec, file: string): Promise<void> {
    return this.inner.exportEvents(spec, file);
  }

  queryChunks<T extends Row = Row>(text: string, params?: readonly SqlParam[]): AsyncIterable<T[]> {
    return this.inner.queryChunks<T>(text, params);
  }

  async clearBefore(scope: ClearScope): Promise<ClearCounts> {
    const counts = await this.inner.clearBefore(scope);
    await this.archive.forget(scope);
    return counts;
  }

  countClearable(scope: ClearScope): Promise<ClearCounts> {
    return this.inner.countClearable(scope);
  }

  findClearedClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return this.inner.findClearedClick(clickId, clickTime);
  }

  forgetClearedClicks(time: number): Promise<void> {
    return this.inner.forgetClearedClicks(time);
  }

  reportSources(): Promise<ReportSources> {
    return this.inner.reportSources();
  }

  async deleteBefore(time: number, keepCampaignIds?: readonly number[]): Promise<number> {
    const deleted = await this.inner.deleteBefore(time, keepCampaignIds);
    await this.archive.forget({ before: time, only: null, keep: keepCampaignIds ?? [] });
    return deleted;
  }

  async sizeOnDisk(): Promise<number> {
    return (await this.inner.sizeOnDisk()) + this.archive.status().bytes;
  }

  whileCheckpointed<T>(work: () => Promise<T>): Promise<T> {
    if (!this.inner.whileCheckpointed) throw new Error('the event store cannot be copied while it runs');
    return this.inner.whileCheckpointed(work);
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.backfilled;
    await this.archive.close();
    await this.inner.close();
  }
}
