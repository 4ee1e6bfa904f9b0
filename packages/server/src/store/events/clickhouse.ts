import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { type ClickHouseClient, type ClickHouseSettings, createClient } from '@clickhouse/client';
import { clickhouseType, EVENT_COLUMNS, eventFromStoredRow } from '../../events/columns.ts';
import { EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { SerialQueue } from '../serialQueue.ts';
import { ClickHouseExports } from './clickhouseExport.ts';
import {
  addsPresentColumn,
  columnAlreadyAdded,
  EVENT_MIGRATIONS,
  MS_COLUMNS,
} from './clickhouseMigrations.ts';
import { type ClearStep, ClickHouseClearing } from './clickhouseRollup.ts';
import { bindParams, clickIdsTsv, dateTime, literal, tsvOf } from './clickhouseSql.ts';
import { type ClickLookup, ClickLookups } from './clickLookups.ts';
import {
  CLICK_LOOKUP_WINDOW_MS,
  type ClearCounts,
  type ClearScope,
  type EventExportSpec,
  type EventStore,
  type JournalMark,
  type ReportSources,
  type Row,
  type SqlParam,
} from './port.ts';

// The scale-out event store. ClickHouse (18.16 and current) has no transactions and, on a plain
// MergeTree, no insert deduplication (block dedup needs ReplicatedMergeTree; insert_deduplication_token
// is 22.x). Exactly-once therefore comes from the data itself: an event's id is (click_id, kind, seq),
// every append that carries a journal mark inserts only the events whose id is not stored yet, and the
// mark is written after the events. A crash or a failed request between the two replays the batch
// into the same check, whatever segments the replayed batch spans, so reports read the table as it is:
// on 18.16 (3M events, clickhouse.bench.ts) FINAL cost 2.3-3.7x the plain read and dedup subqueries
// (LIMIT 1 BY, GROUP BY id) 5-14x, while the check costs one staging round trip per flush. The
// ReplacingMergeTree on the id is a backstop for appends without a mark (`cairn seed`), which merges
// fold in the background.
//
// Times are DateTime (seconds; DateTime64 is 20.x): the millisecond part of ts and click_ts is kept in
// ts_ms / click_ts_ms, so an event reads back exactly, while SQL over ts sees whole seconds (report
// buckets and ranges are whole minutes; the click log orders ties within a second by the time-ordered
// click id).
//
// Retention: whole months go by DROP PARTITION; the rest is ALTER TABLE ... DELETE, which on every
// version is a mutation rewriting the affected parts in the background: deleteBefore waits for it.

const INSERT_COLUMNS: [string, ...string[]] = [
  ...EVENT_COLUMNS.map((column) => column.name),
  ...MS_COLUMNS.map((column) => column.name),
] as [string, ...string[]];

const READ_SETTINGS: ClickHouseSettings = { output_format_json_quote_64bit_integers: 0 };
const POLL_MS = 100;

export interface ClickHouseEventStoreOptions {
  /** `http(s)://[user:password@]host:port[/database]`; the database is created when missing. */
  url: string;
  /** How long `deleteBefore` waits for ClickHouse's asynchronous delete mutation (default 10 min). */
  mutationTimeoutMs?: number;
  /** How long an append waits for an earlier, failed insert of its journal still running (default 30 s). */
  settleTimeoutMs?: number;
  /** For tests: called after a batch's events are stored and before its mark is written. */
  beforeMark?: () => void;
  /** For tests: called at each point where a clear may be interrupted (a throw interrupts it). */
  clearStep?: (step: ClearStep) => void;
}

export class ClickHouseEventStore implements EventStore {
  readonly dialect = 'clickhouse' as const;
  private readonly client: ClickHouseClient;
  private readonly writes = new SerialQueue('event store');
  private readonly options: ClickHouseEventStoreOptions;
  private readonly ddlSettings: ClickHouseSettings;
  // Sources whose earlier insert may still be running on the server (after a failed request, or one
  // made by a process that died): checked in system.processes before their next append.
  private readonly unsettled = new Set<string>();
  private readonly staged = new Set<string>();
  private lastWritten = 0;
  private readonly lookups = new ClickLookups((batch) => this.readClicks(batch), { maxReads: 4 });
  private readonly clearing: ClickHouseClearing;
  private readonly exports: ClickHouseExports;

  private constructor(
    client: ClickHouseClient,
    options: ClickHouseEventStoreOptions,
    ddl: ClickHouseSettings,
  ) {
    this.client = client;
    this.options = options;
    this.ddlSettings = ddl;
    const read = <T extends Row>(query: string) => rows<T>(this.client, query);
    this.exports = new ClickHouseExports(client);
    this.clearing = new ClickHouseClearing({
      command: (q) => this.command(q),
      rows: read,
      typeOf: clickhouseType,
      options,
    });
  }

  static async open(options: ClickHouseEventStoreOptions): Promise<ClickHouseEventStore> {
    const url = new URL(options.url);
    const database = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')) || 'default';
    url.pathname = '/';
    const client = createClient({ url, database, clickhouse_settings: READ_SETTINGS });
    try {
      if (database !== 'default') {
        const bootstrap = createClient({ url, database: 'default' });
        try {
          await bootstrap.command({
            query: `CREATE DATABASE IF NOT EXISTS \`${database.replace(/`/g, '')}\``,
          });
        } finally {
          await bootstrap.close();
        }
      }
      // LowCardinality is experimental on 18.x and must be allowed there; newer servers ignore the flag.
      const flag = await rows(
        client,
        "SELECT count() AS n FROM system.settings WHERE name = 'allow_experimental_low_cardinality_type'",
      );
      const ddl: ClickHouseSettings =
        Number(flag[0]?.n) > 0 ? { allow_experimental_low_cardinality_type: 1 } : {};
      const store = new ClickHouseEventStore(client, options, ddl);
      await store.migrate();
      return store;
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  private async migrate(): Promise<void> {
    await this.command(
      'CREATE TABLE IF NOT EXISTS event_schema (version UInt32) ENGINE = MergeTree ORDER BY version',
    );
    const found = await rows(this.client, 'SELECT max(version) AS v FROM event_schema');
    let version = Number(found[0]?.v ?? 0);
    for (const statements of EVENT_MIGRATIONS.slice(version)) {
      version += 1;
      const present = await this.presentColumns();
      for (const statement of statements) {
        if (addsPresentColumn(statement, present)) continue;
        await this.command(statement).catch((error: unknown) => {
          if (!columnAlreadyAdded(statement, error)) throw error;
        });
      }
      await this.command(`INSERT INTO event_schema VALUES (${version})`);
    }
  }

  /** `table.column` of every column of this database, so a step adds only the columns missing. */
  private async presentColumns(): Promise<Set<string>> {
    const found = await rows<{ t: string; c: string }>(
      this.client,
      'SELECT table AS t, name AS c FROM system.columns WHERE database = currentDatabase()',
    );
    return new Set(found.map((row) => `${row.t}.${row.c}`));
  }

  append(events: readonly TrackingEvent[], mark?: JournalMark): Promise<void> {
    return this.writes.run(async () => {
      try {
        if (events.length > 0) {
          if (mark) await this.insertNew(events, mark.source);
          else await this.insertPlain(events);
        }
        this.options.beforeMark?.();
        if (mark) await this.writeMark(mark);
      } catch (error) {
        if (mark) this.unsettled.add(mark.source);
        throw error;
      }
    });
  }

  /**
   * Stores the events of `batch` that are not stored yet: the batch goes to a per-source staging table,
   * then one INSERT SELECT keeps what the events table lacks within the batch's time range.
   */
  private async insertNew(batch: readonly TrackingEvent[], source: string): Promise<void> {
    await this.settle(source);
    const staging = stagingTable(source);
    if (!this.staged.has(source)) {
      // Recreated once per process, so it always has the events table's current columns.
      await this.command(`DROP TABLE IF EXISTS ${staging}`);
      await this.command(`CREATE TABLE ${staging} AS events ENGINE = Log`);
      this.staged.add(source);
    } else {
      await this.command(`TRUNCATE TABLE ${staging}`);
    }
    await this.insertRows(staging, batch, source);
    const staged = await rows(this.client, `SELECT count() AS n FROM ${staging}`);
    if (Number(staged[0]?.n) !== batch.length) {
      throw new Error(`Staged ${staged[0]?.n} of ${batch.length} events for journal ${source}; retrying`);
    }
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (const event of batch) {
      from = Math.min(from, event.time);
      to = Math.max(to, event.time);
    }
    await this.command(
      `INSERT INTO events SELECT * FROM ${staging} WHERE (click_id, kind, seq) NOT IN (SELECT click_id, kind, seq FROM events WHERE ts BETWEEN ${dateTime(from)} AND ${dateTime(to)} AND click_id IN (SELECT click_id FROM ${staging}))`,
      insertId(source),
    );
    // Copies of an entry are harmless (ReplacingMergeTree, and lookups take one), so no check here.
    await this.command(
      `INSERT INTO click_ids SELECT click_id, campaign_id, ts FROM ${staging} WHERE kind = ${EVENT_KIND.click}`,
      insertId(source),
    );
  }

  private async insertPlain(events: readonly TrackingEvent[]): Promise<void> {
    await this.insertRows('events', events, '');
    const clicks = events.filter((event) => event.kind === EVENT_KIND.click);
    if (clicks.length === 0) return;
    await this.client.insert({
      table: 'click_ids',
      values: Readable.from([clickIdsTsv(clicks)], { objectMode: false }),
      format: 'TabSeparated',
      columns: ['click_id', 'campaign_id', 'ts'],
    });
  }

  /**
   * A request that failed may still be running on the server (the client gave up, or the process that
   * sent it was killed: ClickHouse finishes a killed client's insert, measured up to about a second
   * later). Checking for stored events before it lands, or refilling the staging table under it, would
   * store events twice, so this waits for it, then gives up and lets the flusher retry.
   */
  private async settle(source: string): Promise<void> {
    if (!this.unsettled.has(source) && this.staged.has(source)) return;
    const deadline = Date.now() + (this.options.settleTimeoutMs ?? 30_000);
    for (;;) {
      const running = await rows(
        this.client,
        `SELECT count() AS n FROM system.processes WHERE startsWith(query_id, ${literal(insertPrefix(source))})`,
      );
      if (Number(running[0]?.n) === 0) break;
      if (Date.now() > deadline) {
        throw new Error(`An earlier insert of journal ${source} is still running; retrying after it`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    this.unsettled.delete(source);
  }

  private async insertRows(table: string, events: readonly TrackingEvent[], source: string): Promise<void> {
    await this.client.insert({
      table,
      values: Readable.from([tsvOf(events)], { objectMode: false }),
      format: 'TabSeparated',
      columns: INSERT_COLUMNS,
      query_id: insertId(source),
    });
  }

  private async writeMark(mark: JournalMark): Promise<void> {
    // Strictly increasing within the process; a restarted process starts from a later clock.
    this.lastWritten = Math.max(Date.now(), this.lastWritten + 1);
    await this.command(
      `INSERT INTO journal_marks VALUES (${literal(mark.source)}, ${Math.trunc(mark.position)}, ${this.lastWritten})`,
    );
  }

  async flushedPosition(source: string): Promise<number> {
    const found = await rows(
      this.client,
      `SELECT count() AS n, argMax(position, written) AS position FROM journal_marks WHERE source = ${literal(source)}`,
    );
    return Number(found[0]?.n) > 0 ? Number(found[0]?.position) : -1;
  }

  findClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return this.lookups.find(clickId, clickTime);
  }

  /**
   * One read for a batch of lookups: click_ids gives each click's (campaign_id, ts), the head of the
   * events' sort key, so only the granules of those clicks are read; whole seconds there, and the
   * batcher keeps each lookup's click only within its own window, to the millisecond.
   */
  private async readClicks(lookups: readonly ClickLookup[]): Promise<TrackingEvent[]> {
    const ids = [...new Set(lookups.map((lookup) => lookup.clickId))].map(literal).join(', ');
    const times = lookups.map((lookup) => lookup.clickTime);
    const from = dateTime(Math.min(...times) - CLICK_LOOKUP_WINDOW_MS);
    const to = dateTime(Math.max(...times) + CLICK_LOOKUP_WINDOW_MS);
    const found = await rows(
      this.client,
      `SELECT * FROM events WHERE (campaign_id, ts) IN (SELECT campaign_id, ts FROM click_ids WHERE click_id IN (${ids}) AND ts BETWEEN ${from} AND ${to}) AND click_id IN (${ids}) AND kind = ${EVENT_KIND.click}`,
    );
    return found.map(eventFromStoredRow);
  }

  query<T extends Row = Row>(text: string, params: readonly SqlParam[] = []): Promise<T[]> {
    return rows(this.client, bindParams(text, params)) as Promise<T[]>;
  }

  async *queryChunks<T extends Row = Row>(
    text: string,
    params: readonly SqlParam[] = [],
  ): AsyncGenerator<T[]> {
    const result = await this.client.query({ query: bindParams(text, params), format: 'JSONEachRow' });
    for await (const chunk of result.stream()) yield chunk.map((row: { json<R>(): R }) => row.json<T>());
  }

  /**
   * Months wholly before `time` with no kept campaign are dropped as partitions (instant); the rest is
   * one ALTER TABLE DELETE, a mutation that rewrites the parts in the background: this waits for it.
   */
  deleteBefore(time: number, keepCampaignIds: readonly number[] = []): Promise<number> {
    return this.writes.run(async () => {
      const keep = keepCampaignIds.filter(Number.isInteger);
      const except = keep.length > 0 ? ` AND campaign_id NOT IN (${keep.join(', ')})` : '';
      const condition = `ts <= ${dateTime(time)} AND toUInt64(ts) * 1000 + ts_ms < ${Math.trunc(time)}${except}`;
      const counted = await rows(this.client, `SELECT count() AS n FROM events WHERE ${condition}`);
      const total = Number(counted[0]?.n ?? 0);
      if (total === 0) return 0;
      // system.parts knows each month's newest event, so finding whole months reads no data.
      const months = await rows<{ partition: string }>(
        this.client,
        `SELECT partition FROM system.parts WHERE active AND database = currentDatabase() AND table = 'events' GROUP BY partition HAVING max(max_time) < ${dateTime(time)}`,
      );
      for (const { partition } of months) {
        const month = Number(partition);
        if (!Number.isInteger(month)) continue;
        if (keep.length > 0) {
          const kept = await rows(
            this.client,
            `SELECT count() AS n FROM events WHERE campaign_id IN (${keep.join(', ')}) AND toYYYYMM(ts) = ${month}`,
          );
          if (Number(kept[0]?.n) > 0) continue;
        }
        await this.command(`ALTER TABLE events DROP PARTITION ${month}`);
        await this.command(`ALTER TABLE click_ids DROP PARTITION ${month}`);
      }
      const left = await rows(this.client, `SELECT count() AS n FROM events WHERE ${condition}`);
      if (Number(left[0]?.n) > 0) {
        await this.command(`ALTER TABLE events DELETE WHERE ${condition}`);
        // Whole seconds only: an entry left for a deleted click finds nothing in events.
        await this.command(`ALTER TABLE click_ids DELETE WHERE ts < ${dateTime(time)}${except}`);
        await this.waitForMutations();
      }
      return total;
    });
  }

  clearBefore(scope: ClearScope): Promise<ClearCounts> {
    return this.clearing.clearBefore(scope);
  }
  countClearable(scope: ClearScope): Promise<ClearCounts> {
    return this.clearing.countClearable(scope);
  }
  findClearedClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    return this.clearing.findClearedClick(clickId, clickTime);
  }
  forgetClearedClicks(time: number): Promise<void> {
    return this.clearing.forgetClearedClicks(time);
  }
  reportSources(): Promise<ReportSources> {
    return this.clearing.reportSources();
  }

  private async waitForMutations(): Promise<void> {
    const deadline = Date.now() + (this.options.mutationTimeoutMs ?? 600_000);
    for (;;) {
      const pending = await rows(
        this.client,
        "SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND table IN ('events', 'click_ids') AND is_done = 0",
      );
      if (Number(pending[0]?.n) === 0) return;
      if (Date.now() > deadline)
        throw new Error('The delete mutation on events has not finished; it goes on in ClickHouse');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  exportEvents(spec: EventExportSpec, file: string): Promise<void> {
    return this.exports.write(spec, file);
  }

  async sizeOnDisk(): Promise<number> {
    const found = await rows(
      this.client,
      'SELECT sum(bytes_on_disk) AS bytes FROM system.parts WHERE active AND database = currentDatabase()',
    );
    return Number(found[0]?.bytes ?? 0);
  }

  async close(): Promise<void> {
    if (this.writes.isClosed) return;
    await this.writes.close();
    await this.client.close();
  }

  private async command(query: string, queryId?: string): Promise<void> {
    await this.client.command({
      query,
      clickhouse_settings: this.ddlSettings,
      ...(queryId ? { query_id: queryId } : {}),
    });
  }
}

async function rows<T extends Row = Row>(client: ClickHouseClient, query: string): Promise<T[]> {
  const result = await client.query({ query, format: 'JSONEachRow' });
  return result.json<T>();
}

/** Query ids of one source's inserts share a prefix, so a still-running one can be found. */
function insertPrefix(source: string): string {
  return `cairn-append-${crypto.createHash('sha256').update(source).digest('hex').slice(0, 16)}-`;
}

function insertId(source: string): string {
  return `${insertPrefix(source)}${crypto.randomUUID()}`;
}

function stagingTable(source: string): string {
  return `journal_replay_${crypto.createHash('sha256').update(source).digest('hex').slice(0, 16)}`;
}
