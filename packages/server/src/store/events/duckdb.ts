import fs from 'node:fs';
import os from 'node:os';
import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { EVENT_COLUMNS, EVENT_KIND, eventFromRow, type TrackingEvent } from '../../events/index.ts';
import { normalizeRow } from '../config/duckdb.ts';
import { ensureDuckDbFile } from '../duckdbFile.ts';
import { SerialQueue } from '../serialQueue.ts';
import { type ClickLookup, ClickLookups } from './clickLookups.ts';
import { EVENT_MIGRATIONS } from './duckdbMigrations.ts';
import { clearStatements, countSql, DUCKDB_ROLLUP_RELATION, findClearedClickSql } from './duckdbRollup.ts';
import { copyEventsTo, streamRows } from './duckdbStream.ts';
import { SUMMARY_SLOTS_PER_REFRESH, SummaryPending, slotsWithin } from './duckdbSummary.ts';
import { appendEvent, isoOf, JOURNAL_SELECT, stringLiteral, timestampLiteral } from './duckdbValues.ts';
import {
  CLICK_LOOKUP_WINDOW_MS,
  type ClearCounts,
  type ClearScope,
  type EventStore,
  type EventTimes,
  type JournalMark,
  type ReportSources,
  type Row,
  type SqlParam,
  type SummaryStatus,
} from './port.ts';
import { ReadSlots } from './readSlots.ts';
import { clearedClickFromRow, clearsNothing } from './rollup.ts';
import { RowGroupCheckpoints, WAL_CAP } from './rowGroupCheckpoints.ts';

/** How often closed quarter hours are summed into the report summary (sooner while catching up). */
const SUMMARY_REFRESH_MS = 5000;

export interface DuckDbEventStoreOptions {
  /** For tests: called inside a clear's transaction, before it commits (a throw rolls it back). */
  beforeClearCommit?: () => void;
  /** For tests: false leaves the summary's refreshes to the caller; `now` decides which quarter hours closed. */
  refreshSummaryOnTimer?: boolean;
  now?: () => number;
}

// Connections that answer click lookups, besides the one for reports: postbacks never wait behind a
// long report, and a batch of lookups can be read while the next one gathers.
const LOOKUP_CONNECTIONS = 2;
/** Clicks per lookup statement: each is a scan of its own in the plan, which grows with them. */
const LOOKUPS_PER_READ = 64;

/** The storage format of a new events.duckdb; only DuckDB 1.5 or later reads it. */
export const STORAGE_VERSION = 'v1.5.0';

/**
 * The embedded event store: its own DuckDB file (`events.duckdb`), one connection that writes (batches
 * through DuckDB's appender, inside a transaction with the journal mark), one that reads for reports and
 * LOOKUP_CONNECTIONS for click lookups, so reports, lookups and inserts never queue behind each other,
 * and none touches the configuration database.
 */
export class DuckDbEventStore implements EventStore {
  readonly dialect = 'duckdb' as const;
  readonly exportEvents: EventStore['exportEvents'] = (spec, file) => copyEventsTo(this.instance, spec, file);
  private readonly instance: DuckDBInstance;
  private readonly writer: DuckDBConnection;
  private readonly reader: DuckDBConnection;
  private readonly writes = new SerialQueue('event store');
  private readonly reads = new SerialQueue('event store');
  private readonly lookupSlots: ReadSlots;
  private readonly lookups: ClickLookups;
  private readonly checkpoints: RowGroupCheckpoints;
  private readonly file: string;
  private readonly options: DuckDbEventStoreOptions;
  private hasRollup = false;
  /** The newest cleared click's time (ms); null: none kept. A lookup for a later click skips the table. */
  private clearedThrough: number | null = null;
  private readonly pending = new SummaryPending();
  private summaryTimer: NodeJS.Timeout | null = null;
  private summaryCheck: Promise<void> = Promise.resolve();
  private summaryRefreshedAt: number | null = null;
  private summaryError: string | null = null;

  private constructor(
    file: string,
    instance: DuckDBInstance,
    writer: DuckDBConnection,
    reader: DuckDBConnection,
    lookupConnections: DuckDBConnection[],
    options: DuckDbEventStoreOptions,
  ) {
    this.file = file;
    this.options = options;
    this.instance = instance;
    this.writer = writer;
    this.reader = reader;
    this.lookupSlots = new ReadSlots(lookupConnections);
    this.checkpoints = new RowGroupCheckpoints(writer);
    this.lookups = new ClickLookups((batch) => this.readClicks(batch), {
      maxReads: lookupConnections.length,
      maxBatch: LOOKUPS_PER_READ,
    });
  }

  static async open(file: string, options: DuckDbEventStoreOptions = {}): Promise<DuckDbEventStore> {
    // As many threads as cores this process may run on. DuckDB counts the machine's cores and ignores the
    // process's CPU affinity, so a node pinned to one core (taskset, a container's cpuset) ran two threads
    // on it, and a statement's thread spins on tasks while the other holds them: storing clicks took more
    // CPU, which the click path on that core went without. Unpinned, reports get every core as before.
    // A new file is written in DuckDB 1.5's storage format, not the 0.10 one DuckDB picks by default for
    // older readers (dictionary-FSST strings: fewer blocks of clicks); a file keeps its own.
    await ensureDuckDbFile(file, { storage_compatibility_version: STORAGE_VERSION });
    const instance = await DuckDBInstance.create(file, {
      threads: String(os.availableParallelism()),
      storage_compatibility_version: STORAGE_VERSION,
      checkpoint_threshold: WAL_CAP,
    });
    const writer = await instance.connect();
    const reader = await instance.connect();
    const lookupConnections: DuckDBConnection[] = [];
    for (let index = 0; index < LOOKUP_CONNECTIONS; index += 1) {
      lookupConnections.push(await instance.connect());
    }
    const store = new DuckDbEventStore(file, instance, writer, reader, lookupConnections, options);
    try {
      await store.migrate();
      const rolled = await store.query('SELECT count(*) AS n FROM (SELECT 1 FROM event_rollup LIMIT 1)');
      store.hasRollup = Number(rolled[0]?.n) > 0;
      await store.readClearedThrough();
      await store.pending.load(store.writer);
      store.checkSummary();
      if (options.refreshSummaryOnTimer !== false) store.scheduleSummary(0);
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  private async migrate(): Promise<void> {
    await this.writer.run('CREATE TABLE IF NOT EXISTS event_schema (version INTEGER NOT NULL)');
    const rows = (
      await this.writer.runAndReadAll('SELECT max(version) AS v FROM event_schema')
    ).getRowObjectsJS();
    let version = Number(rows[0]?.v ?? 0);
    for (const statements of EVENT_MIGRATIONS.slice(version)) {
      version += 1;
      const applied = version;
      await this.transaction(async () => {
        for (const statement of statements) await this.writer.run(statement);
        await this.writer.run('INSERT INTO event_schema VALUES ($1)', [applied]);
      });
      await this.writer.run('CHECKPOINT');
    }
  }

  /** Runs `work` in one transaction on the writer; the caller holds the write queue. */
  private async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.writer.run('BEGIN TRANSACTION');
    let value: T;
    try {
      value = await work();
      await this.writer.run('COMMIT');
    } catch (error) {
      await this.writer.run('ROLLBACK');
      throw error;
    }
    return value;
  }

  private async writeMark(mark: JournalMark): Promise<void> {
    await this.writer.run(
      'INSERT INTO journal_marks VALUES ($1, $2) ON CONFLICT (source) DO UPDATE SET position = excluded.position',
      [mark.source, mark.position],
    );
  }

  append(events: readonly TrackingEvent[], mark?: JournalMark): Promise<void> {
    return this.writes.run(async () => {
      const added = await this.transaction(async () => {
        if (events.length > 0) {
          const appender = await this.writer.createAppender('events');
          try {
            for (const event of events) appendEvent(appender, event);
            appender.flushSync();
          } finally {
            appender.closeSync();
          }
        }
        if (mark) await this.writeMark(mark);
        return this.pending.markTimes(
          this.writer,
          events.map((event) => event.time),
        );
      });
      this.pending.committed(added);
      await this.checkpoints.appended(events.length);
    });
  }

  appendJournalFiles(
    files: readonly string[],
    mark: JournalMark,
    times?: EventTimes | null,
  ): Promise<number> {
    return this.writes.run(async () => {
      const list = files.map((file) => `'${file.replace(/'/g, "''")}'`).join(', ');
      const lines = `SELECT ${JOURNAL_SELECT} FROM read_json([${list}], format = 'newline_delimited', records = false, columns = {line: 'VARCHAR[]'}, ignore_errors = true) WHERE len(line) = ${EVENT_COLUMNS.length}`;
      // The quarter hours the lines fall in are marked pending for the report summary in the same
      // transaction: from the span the journal noted as it wrote them when it is short (a live flush),
      // else read back through a temporary table (in memory, never in the write-ahead log), which
      // costs a third of the ingest's speed.
      const slots = times ? slotsWithin(times) : null;
      const { stored, added } = await this.transaction(async () => {
        await this.writeMark(mark);
        if (slots) {
          const result = await this.writer.run(`INSERT INTO events ${lines}`);
          return { stored: result.rowsChanged, added: await this.pending.markTimes(this.writer, slots) };
        }
        await this.writer.run(`CREATE OR REPLACE TEMP TABLE journal_batch AS ${lines}`);
        const result = await this.writer.run('INSERT INTO events SELECT * FROM journal_batch');
        const marked = await this.pending.markRelation(this.writer, 'journal_batch');
        await this.writer.run('DROP TABLE journal_batch');
        return { stored: result.rowsChanged, added: marked };
      });
      this.pending.committed(added);
      await this.checkpoints.appended(Number(stored));
      return Number(stored);
    });
  }

  async flushedPosition(source: string): Promise<number> {
    const rows = await this.query<{ position: number }>(
      'SELECT position FROM journal_marks WHERE source = $1',
      [source],
    );
    return rows[0] ? Number(rows[0].position) : -1;
  }

  findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return this.lookups.find(clickId, clickTime);
  }

  /**
   * A batch of lookups in one statement: a UNION ALL of one small scan per click at the millisecond its
   * id carries, where this engine stores every click (the id is minted from the click's own time), so the
   * zone maps on ts leave one vector of one row group to compare ids in. Looking over the whole window
   * instead made an unknown id, the one a hostile or misdirected postback brings, scan every event of two
   * hours: 12 ms for 10M clicks over a week, and more the busier the tracker. Values are inlined as
   * literals: DuckDB prunes row groups only on constants (a bound parameter read every row group).
   * The instant is asked as an equality, which every stored time meets (they are whole milliseconds):
   * DuckDB compared the range's two bounds on every row of the row group left, and on 10M seeded clicks
   * an id no click has took 7-10 ms that way against 3 ms (2026-11-28).
   */
  private readClicks(lookups: readonly ClickLookup[]): Promise<TrackingEvent[]> {
    return this.readBranches(
      lookups.map((lookup) => [lookup.clickId, `ts = ${timestampLiteral(lookup.clickTime)}`]),
    );
  }

  private readBranches(branches: readonly (readonly [string, string])[]): Promise<TrackingEvent[]> {
    const text = branches
      .map(
        ([clickId, time]) =>
          `(SELECT * FROM events WHERE ${time} AND click_id = ${stringLiteral(clickId)} AND kind = ${EVENT_KIND.click} LIMIT 1)`,
      )
      .join(' UNION ALL ');
    return this.lookupSlots.run(async (connection) => {
      const reader = await connection.runAndReadAll(text);
      return reader.getRowObjectsJS().map((row) => eventFromRow(normalizeRow(row)));
    });
  }

  query<T extends Row = Row>(text: string, params: readonly SqlParam[] = []): Promise<T[]> {
    return this.reads.run(async () => {
      const reader = await this.reader.runAndReadAll(text, params as DuckDBValue[]);
      return reader.getRowObjectsJS().map((row) => normalizeRow(row) as T);
    });
  }

  queryChunks<T extends Row = Row>(text: string, params: readonly SqlParam[] = []): AsyncIterable<T[]> {
    return streamRows<T>(this.instance, text, params);
  }

  deleteBefore(time: number, keepCampaignIds: readonly number[] = []): Promise<number> {
    return this.writes.run(async () => {
      const keep = keepCampaignIds.filter(Number.isInteger);
      const { deleted, added } = await this.transaction(async () => {
        const result = await this.writer.run(
          `DELETE FROM events WHERE ts < $1${keep.length > 0 ? ` AND campaign_id NOT IN (${keep.join(', ')})` : ''}`,
          [isoOf(time)],
        );
        const forgot = await this.pending.forget(this.writer, { before: time, only: null, keep });
        return { deleted: Number(result.rowsChanged), added: forgot };
      });
      this.pending.committed(added);
      await this.checkpoints.checkpoint();
      return deleted;
    });
  }

  clearBefore(scope: ClearScope): Promise<ClearCounts> {
    return this.writes.run(async () => {
      if (clearsNothing(scope)) return { events: 0, clicks: 0 };
      const before = [isoOf(scope.before)];
      // Raised before the clicks leave events: a lookup in between must not skip the cleared ones.
      this.clearedThrough = Math.max(this.clearedThrough ?? scope.before, scope.before);
      const statements = clearStatements(scope);
      const { counts, added } = await this.transaction(async () => {
        await this.writer.run(statements.rollup, before);
        const clicks = await this.writer.run(statements.clicks, before);
        const events = await this.writer.run(statements.remove, before);
        const forgot = await this.pending.forget(this.writer, scope);
        this.options.beforeClearCommit?.();
        return {
          counts: { events: Number(events.rowsChanged), clicks: Number(clicks.rowsChanged) },
          added: forgot,
        };
      });
      this.pending.committed(added);
      // A clear that took nothing (the hourly job, most hours) leaves no write-ahead log to fold in.
      if (counts.events === 0) return counts;
      this.hasRollup = true;
      await this.checkpoints.checkpoint();
      await this.readClearedThrough();
      return counts;
    });
  }

  async countClearable(scope: ClearScope): Promise<ClearCounts> {
    if (clearsNothing(scope)) return { events: 0, clicks: 0 };
    const rows = await this.query(countSql(scope), [isoOf(scope.before)]);
    return { events: Number(rows[0]?.events ?? 0), clicks: Number(rows[0]?.clicks ?? 0) };
  }

  async findClearedClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    if (this.clearedThrough === null || clickTime - CLICK_LOOKUP_WINDOW_MS > this.clearedThrough) return null;
    const rows = await this.query(findClearedClickSql, [
      isoOf(clickTime - CLICK_LOOKUP_WINDOW_MS),
      isoOf(clickTime + CLICK_LOOKUP_WINDOW_MS),
      clickId,
    ]);
    return rows[0] ? clearedClickFromRow(rows[0]) : null;
  }

  forgetClearedClicks(time: number): Promise<void> {
    return this.writes.run(async () => {
      await this.writer.run('DELETE FROM cleared_clicks WHERE ts < CAST($1 AS TIMESTAMP)', [isoOf(time)]);
      await this.readClearedThrough();
    });
  }

  private async readClearedThrough(): Promise<void> {
    const [row] = await this.query<{ last: unknown }>('SELECT epoch_ms(max(ts)) AS last FROM cleared_clicks');
    this.clearedThrough = row?.last === null || row?.last === undefined ? null : Number(row.last);
  }

  async reportSources(): Promise<ReportSources> {
    return {
      events: 'events',
      rollup: this.hasRollup ? DUCKDB_ROLLUP_RELATION : null,
      summary: this.pending.sources(),
    };
  }

  /** Resolves once the check made at open is done (reports read the summary from then on). */
  summaryChecked(): Promise<void> {
    return this.summaryCheck;
  }

  refreshSummary(): Promise<number> {
    return this.writes.run(async () => {
      const due = this.pending.due((this.options.now ?? Date.now)());
      if (due.length > 0) {
        await this.transaction(() => this.pending.refresh(this.writer, due));
        this.pending.committed([], due);
      }
      this.summaryRefreshedAt = Date.now();
      this.summaryError = null;
      return due.length;
    });
  }

  /** The summary's check against the events, in the background (reports read raw events meanwhile). */
  private checkSummary(): void {
    this.summaryCheck = this.writes
      .run(async () => {
        const added = await this.transaction(() => this.pending.check(this.writer));
        this.pending.checkedWith(added);
      })
      .catch((error: unknown) => this.summaryFailed(error));
  }

  summaryStatus(): SummaryStatus {
    return {
      checked: this.pending.isChecked,
      ...this.pending.counts((this.options.now ?? Date.now)()),
      lastRefreshAt: this.summaryRefreshedAt,
      lastError: this.summaryError,
    };
  }

  private summaryFailed(error: unknown): void {
    if (this.writes.isClosed) return;
    // Shown on the monitor; the refresh is tried again at the next turn.
    this.summaryError = error instanceof Error ? error.message : String(error);
  }

  /** The next refresh in `delay` ms; a refresh that filled a whole batch goes on at once (catching up). */
  private scheduleSummary(delay: number): void {
    this.summaryTimer = setTimeout(() => {
      this.refreshSummary().then(
        (summed) => {
          if (this.writes.isClosed) return;
          this.scheduleSummary(summed >= SUMMARY_SLOTS_PER_REFRESH ? 0 : SUMMARY_REFRESH_MS);
        },
        (error: unknown) => {
          if (this.writes.isClosed) return;
          this.summaryFailed(error);
          this.scheduleSummary(SUMMARY_REFRESH_MS);
        },
      );
    }, delay);
    this.summaryTimer.unref();
  }

  preferredAppendEvents(): number {
    return this.checkpoints.rowsLeft;
  }

  async sizeOnDisk(): Promise<number> {
    const files = [this.file, `${this.file}.wal`];
    return this.whileCheckpointed(async () =>
      files.reduce((sum, file) => sum + (fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0), 0),
    );
  }

  /** Checkpoints, then runs `work` (a backup's copy of file and WAL) while nothing writes: one consistent state. */
  whileCheckpointed<T>(work: () => Promise<T>): Promise<T> {
    return this.writes.run(async () => {
      await this.checkpoints.checkpoint().catch(() => {}); // A WAL it leaves is copied with the file.
      return work();
    });
  }

  async close(): Promise<void> {
    if (this.writes.isClosed) return;
    if (this.summaryTimer) clearTimeout(this.summaryTimer);
    await this.writes.close();
    await this.reads.close();
    await this.lookupSlots.close();
    this.reader.closeSync();
    this.writer.closeSync();
    this.instance.closeSync();
  }
}
