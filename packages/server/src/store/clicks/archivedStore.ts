import { segmentLines } from '../../tracking/journal.ts';
import { decoderFor, encodeEvent, HEADER_LINE, headerColumns } from '../../tracking/journalCodec.ts';
import { JOURNAL_LINE, timestampLiteral } from '../events/duckdbValues.ts';
import type {
  ClearCounts,
  ClearScope,
  ClickArchiveStatus,
  EventStore,
  JournalMark,
  ReportSources,
  Row,
  SqlParam,
} from '../events/port.ts';
import { EVENT_KIND, type TrackingEvent } from '../events/schema.ts';
import { type ArchiveLine, ClickArchive } from './archive.ts';

// The event store with the click archive beside it (archive.ts): every click the store takes is
// archived once the store has it, a postback's lookup asks the archive first and the store only when
// the archive cannot answer, and the archive is told which clicks a clear or deletion took. Clicks the
// store held before the archive existed are copied in from the store in the background, newest hour
// first (the clicks most likely still to convert).

const CLICK_PREFIX = `[${EVENT_KIND.click},`;
const BACKFILL_HOUR_MS = 3_600_000;

export interface ArchivedStoreOptions {
  /** Backfill pacing: a pause between hours, so reports and lookups keep their turn. */
  backfillPauseMs?: number;
}

/** Clicks of a journal segment's lines, as archive lines (lines the segment's header cannot read are left). */
export function clickLines(lines: readonly string[]): ArchiveLine[] {
  const header = lines[0] ?? '';
  const clicks: ArchiveLine[] = [];
  if (header === HEADER_LINE) {
    // The current format: kind and time are the line's first two values.
    for (let index = 1; index < lines.length; index += 1) {
      const line = lines[index] as string;
      if (!line.startsWith(CLICK_PREFIX)) continue;
      const time = Number(line.slice(CLICK_PREFIX.length, line.indexOf(',', CLICK_PREFIX.length)));
      if (Number.isSafeInteger(time)) clicks.push({ time, line });
    }
    return clicks;
  }
  const columns = headerColumns(header);
  if (!columns || columns === 'newer') return clicks;
  const decode = decoderFor(columns);
  for (let index = 1; index < lines.length; index += 1) {
    const event = decode(lines[index] as string);
    if (event?.kind === EVENT_KIND.click) clicks.push({ time: event.time, line: encodeEvent(event) });
  }
  return clicks;
}

export class ArchivedEventStore implements EventStore {
  readonly dialect: EventStore['dialect'];
  readonly appendJournalFiles?: EventStore['appendJournalFiles'];
  readonly refreshSummary?: EventStore['refreshSummary'];
  readonly summaryStatus?: EventStore['summaryStatus'];
  /** Resolves when the background copy of older clicks has finished or stopped. */
  readonly backfilled: Promise<void>;
  private readonly inner: EventStore;
  private readonly archive: ClickArchive;
  private stopping = false;

  private constructor(inner: EventStore, archive: ClickArchive, options: ArchivedStoreOptions) {
    this.inner = inner;
    this.archive = archive;
    this.dialect = inner.dialect;
    const appendFiles = inner.appendJournalFiles?.bind(inner);
    if (appendFiles) {
      this.appendJournalFiles = async (files, mark, times) => {
        // Read while the store takes them: the flusher deletes the files once this resolves.
        const segments = Promise.all(files.map((file) => segmentLines(file).catch(() => [])));
        const count = await appendFiles(files, mark, times);
        this.archive.add((await segments).flatMap(clickLines));
        return count;
      };
    }
    if (inner.refreshSummary) this.refreshSummary = inner.refreshSummary.bind(inner);
    if (inner.summaryStatus) this.summaryStatus = inner.summaryStatus.bind(inner);
    this.backfilled = this.backfill(options.backfillPauseMs ?? 5);
  }

  /** Wraps `inner` with the archive kept in `dir`. */
  static async open(inner: EventStore, dir: string, options: ArchivedStoreOptions = {}) {
    const archive = await ClickArchive.open(dir, async () => {
      const rows = await inner.query(`SELECT 1 AS one FROM events WHERE kind = ${EVENT_KIND.click} LIMIT 1`);
      return rows.length > 0;
    });
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

  async findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return (await this.archive.find(clickId, clickTime)) ?? this.inner.findClick(clickId, clickTime);
  }

  clickArchiveStatus(): ClickArchiveStatus {
    return this.archive.status();
  }

  /**
   * Copies the store's clicks from before the archive existed, an hour at a time from the newest,
   * recording progress after each hour so a restart goes on where it stopped. DuckDB builds the lines
   * itself; other stores are not backfilled (their clicks are found in the store, as before).
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
      const first = bounds?.first === null || bounds?.first === undefined ? null : Number(bounds.first);
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

  async close(): Promise<void> {
    this.stopping = true;
    await this.backfilled;
    await this.archive.close();
    await this.inner.close();
  }
}
