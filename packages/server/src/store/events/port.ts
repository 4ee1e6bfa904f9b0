import type { TrackingEvent } from '../../events/event.ts';
import type { Row, SqlParam } from '../config/port.ts';

export type { Row, SqlParam } from '../config/port.ts';

/** The earliest and latest event time (ms) of a batch, when the caller knows them. */
export interface EventTimes {
  from: number;
  to: number;
}

/** A click's facts from its address and user agent, as the click engine records them. */
export type ClickFacts = (ip: string, userAgent: string) => TrackingEvent;

/** How far one node's click journal has been stored: segments up to `position` are in the store. */
export interface JournalMark {
  source: string;
  position: number;
}

/**
 * The event-store port: clicks, lander clicks and conversions, appended in batches and read by reports.
 * DuckDB (its own file, so a long report never waits behind a configuration write) or ClickHouse.
 */
export interface EventStore {
  readonly dialect: 'duckdb' | 'clickhouse';
  /**
   * Appends a batch. With a mark, the batch and the mark are stored together or not at all, so a journal
   * segment replayed after a crash is recognised as stored and never counted twice.
   */
  append(events: readonly TrackingEvent[], mark?: JournalMark): Promise<void>;
  /**
   * Optional fast path for stores that can read journal segment files themselves (DuckDB parses them on
   * its own threads, so the server's event loop pays nothing per event). The files hold a header line
   * and one JSON array of EVENT_COLUMNS values per event; lines that do not parse (a torn tail) are
   * skipped. Stored together with the mark, like `append`. Resolves to the number of events stored.
   * `times`, when known, spans the events' times (the store need not read them back to learn it).
   */
  appendJournalFiles?(
    files: readonly string[],
    mark: JournalMark,
    times?: EventTimes | null,
  ): Promise<number>;
  /**
   * Optional: how many events the next append should hold at most, so that it ends where the store
   * writes its storage out (DuckDB: the rest of the row group its next checkpoint writes). The flusher
   * sizes its appends by it, give or take one journal segment; a store without it takes any size.
   */
  preferredAppendEvents?(): number;
  /**
   * Optional, for a store that keeps a second copy of each click (the click archive): the engine's own
   * derivation of a click's facts, so that copy can leave out what it derives again.
   */
  deriveClickFacts?(facts: ClickFacts): void;
  /** The last journal position stored for `source`; -1 when none. */
  flushedPosition(source: string): Promise<number>;
  /**
   * The click event with this id, made at `clickTime`, the time the id carries (the engine mints a click's
   * id from the click's own time): click ids are time-ordered, so the scan touches only the data of that
   * time. A store may look as far as CLICK_LOOKUP_WINDOW_MS either side (ClickHouse reads that range of
   * its sort order); DuckDB looks at the instant alone, so an unknown id costs one small scan, not an
   * hour of events either side.
   */
  findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null>;
  /** A read-only query in the store's own SQL dialect, on a connection that never waits for writes. */
  query<T extends Row = Row>(text: string, params?: readonly SqlParam[]): Promise<T[]>;
  /** Like `query`, the rows a chunk at a time as the store produces them (an export of any size). */
  queryChunks<T extends Row = Row>(text: string, params?: readonly SqlParam[]): AsyncIterable<T[]>;
  /**
   * Clears raw events: those the scope selects are summed into the rollup (see rollup.ts), their clicks
   * kept for late conversions (`findClearedClick`), and then deleted, so report totals stay as they were.
   * One clear at a time across every node (the caller holds the retention job's lock); a clear that was
   * interrupted is finished or undone by the next one, and never counts an event twice.
   */
  clearBefore(scope: ClearScope): Promise<ClearCounts>;
  /** What `clearBefore(scope)` would clear now. */
  countClearable(scope: ClearScope): Promise<ClearCounts>;
  /** A cleared click by id, near its time like `findClick`; what the rollup does not keep reads CLEARED. */
  findClearedClick(clickId: string, clickTime: number): Promise<TrackingEvent | null>;
  /**
   * Cleared clicks from before `time` are no longer looked up for late conversions (on ClickHouse by
   * whole months: those that ended before `time`).
   */
  forgetClearedClicks(time: number): Promise<void>;
  /** The relations reports read: raw events, the rollup once something was cleared, a summary if kept. */
  reportSources(): Promise<ReportSources>;
  /**
   * Sums what the report summary lacks of closed quarter hours now, instead of at the store's next turn
   * (a few seconds); resolves to the quarter hours summed. Stores without a summary have none.
   */
  refreshSummary?(): Promise<number>;
  /** Where the report summary stands, for the monitor; stores without a summary have none. */
  summaryStatus?(): SummaryStatus;
  /** Where the click archive stands (store/clicks/archive.ts), for the monitor; only a store with one. */
  clickArchiveStatus?(): ClickArchiveStatus;
  /** Deletes raw events that happened before `time`, except those of the `keepCampaignIds` (no rollup). */
  deleteBefore(time: number, keepCampaignIds?: readonly number[]): Promise<number>;
  /**
   * Writes the raw events `spec` selects to `file` with the store's own writer (DuckDB's COPY, ClickHouse's
   * output formats streamed to the file), so a range of any size passes through without being held in
   * memory. Events auto-clearing summed into the rollup are no longer raw and are not in it.
   */
  exportEvents(spec: EventExportSpec, file: string): Promise<void>;
  /** Bytes the store takes on disk (best effort). */
  sizeOnDisk(): Promise<number>;
  /**
   * Embedded stores: checkpoints, then runs `work` while no write can start, so the file (and a WAL, if
   * one is left) copied inside it is one consistent state; the click journal keeps taking clicks meanwhile.
   */
  whileCheckpointed?<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The raw events an export writes, and how. */
export interface EventExportSpec {
  format: 'parquet' | 'csv';
  /** EVENT_KIND values. */
  kinds: readonly number[];
  /** [from, to) instants (ms, UTC). */
  from: number;
  to: number;
  /**
   * The zone's offsets over the range (from the instant `from` on, local time is UTC + `offset` minutes),
   * as reports compute them (reports/timeRange.ts); times are written as that local wall time. Empty: UTC.
   */
  offsets: readonly { from: number; offset: number }[];
  /** The custom event slots' names, slot 1 first, written as event_name; none: every row's is ''. */
  eventNames?: readonly string[];
}

/** Which raw events a clear takes: those before `before` of the campaigns it names. */
export interface ClearScope {
  /** Instant (ms, UTC): events that happened before it. */
  before: number;
  /** Only these campaigns; null: every campaign but `keep`. */
  only: readonly number[] | null;
  /** Campaigns left alone when `only` is null. */
  keep: readonly number[];
}

export interface ClearCounts {
  /** Raw events of every kind. */
  events: number;
  clicks: number;
}

/**
 * Report SQL reads `events` as a relation with the events' columns; once a clear has run, also
 * `rollup`: a relation with the same dimension columns (ts at its slot's start; what the rollup does not
 * keep as CLEARED) and the report's sums (clicks, unique_clicks, lp_views, lp_clicks, approved, pending,
 * declined, revenue, cost) instead of per-event values. Each event is in exactly one of them.
 */
export interface ReportSources {
  events: string;
  rollup: string | null;
  /** Read instead of `events` where a report needs only what it keeps; not every store has one. */
  summary?: ReportSummary | null;
}

export interface SummaryStatus {
  /** The check against the events made at open is done (until then reports read raw events only). */
  checked: boolean;
  /** Quarter hours read from the raw events: the current one, and any not summed yet. */
  pending: number;
  /** Of those, closed ones waiting for the next refresh. */
  due: number;
  /** When a refresh last finished (ms), or null. */
  lastRefreshAt: number | null;
  /** Why the last refresh or check failed, or null. */
  lastError: string | null;
}

export interface ClickArchiveStatus {
  /** Days with a file. */
  files: number;
  blocks: number;
  bytes: number;
  /** Clicks stored before this time are still being copied in from the store; null when none are. */
  backfillBefore: number | null;
  /** The last write or read that failed, or null. */
  lastError: string | null;
}

/**
 * The report sums of the raw events per time slot (`ts`, the slot's start) and per `columns`: each
 * slot outside `pending` holds exactly the sums of that slot's events; a pending slot's events are read
 * raw. Slots are whole quarter hours, so any zone's hours and days are whole numbers of them.
 */
export interface ReportSummary {
  relation: string;
  columns: readonly string[];
  slotMs: number;
  /** [from, to) instants (ms) whose events are read from `events`. */
  pending: readonly (readonly [number, number])[];
}

/** How far around a click's minted time its events are looked for. */
export const CLICK_LOOKUP_WINDOW_MS = 60 * 60 * 1000;
