import crypto from 'node:crypto';
import { type EventColumn, eventColumn } from '../../events/columns.ts';
import { EVENT_KIND, type TrackingEvent } from '../../events/event.ts';
import { dateTime, literal } from './clickhouseSql.ts';
import {
  CLICK_LOOKUP_WINDOW_MS,
  type ClearCounts,
  type ClearScope,
  type ReportSources,
  type Row,
} from './port.ts';
import {
  CLEARED,
  CLEARED_CLICK_COLUMNS,
  campaignCondition,
  campaignPredicate,
  clearedClickFromRow,
  clearsNothing,
  ROLLUP_DIMENSIONS,
  ROLLUP_SLOT_SECONDS,
  ROLLUP_SUMS,
  rollupAsEventsColumns,
} from './rollup.ts';

// The scale-out store's clearing (see rollup.ts). ClickHouse has no transactions, so a clear is an
// operation with states, kept in `clearings`, that reports read before they read anything else:
//   started  its rollup rows are being written: reports leave them out (raw events still count);
//   rolled   its rollup rows are complete: reports count them and leave out the raw events it takes,
//            which are being deleted (a mutation that rewrites parts in the background);
//   done     the raw events are gone;
//   undone   an operation interrupted while started, whose rollup rows the next clear deleted.
// So at every moment each event counts once. The next clear finishes a rolled operation and undoes a
// started one before it starts its own; only one clear runs at a time (the retention job's lock).
// Clears run outside the adapter's write queue: appends go on while one waits for its mutation.

const STARTED = 1;
const ROLLED = 2;
const DONE = 3;
const UNDONE = 4;
const POLL_MS = 100;

/** Where a clear can be cut short: its rollup rows written but not marked, or marked and not deleted. */
export type ClearStep = 'rollup written' | 'marked rolled';

export function clickhouseRollupMigration(typeOf: (column: EventColumn) => string): string[] {
  const typed = (name: string) => `${name} ${typeOf(eventColumn(name))}`;
  const sums = ROLLUP_SUMS.map((sum) => `${sum.name} ${sum.signed ? 'Int64' : 'UInt64'}`);
  return [
    `CREATE TABLE IF NOT EXISTS event_rollup (op String, ts DateTime('UTC'), ${[
      ...ROLLUP_DIMENSIONS.map(typed),
      ...sums,
    ].join(', ')}) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (campaign_id, ts)`,
    // Sorted by id like click_ids: a late conversion looks its click up by id. Copies from a clear
    // that was redone are harmless (ReplacingMergeTree, and the lookup takes one).
    `CREATE TABLE IF NOT EXISTS cleared_clicks (click_id String, ts DateTime('UTC'), ts_ms UInt16, ${CLEARED_CLICK_COLUMNS.map(typed).join(', ')}) ENGINE = ReplacingMergeTree PARTITION BY toYYYYMM(ts) ORDER BY click_id SETTINGS index_granularity = 1024`,
    'CREATE TABLE IF NOT EXISTS clearings (op String, before_ms UInt64, only_listed UInt8, campaigns Array(Int32), state UInt8, written UInt64) ENGINE = ReplacingMergeTree(written) ORDER BY op',
  ];
}

export interface ClickHouseAccess {
  command(query: string): Promise<void>;
  rows<T extends Row = Row>(query: string): Promise<T[]>;
  /** A stored column's ClickHouse type. */
  typeOf(column: EventColumn): string;
  options: {
    /** How long a clear waits for its delete mutation (default 10 min). */
    mutationTimeoutMs?: number;
    /** For tests: called at each point where a clear may be interrupted (a throw interrupts it). */
    clearStep?: (step: ClearStep) => void;
  };
}

interface Operation {
  op: string;
  last_state: number;
  before_ms: number | string;
  only_listed: number;
  campaigns: number[];
}

const scopeOf = (operation: Operation): ClearScope => {
  const ids = operation.campaigns.map(Number);
  const listed = Number(operation.only_listed) === 1;
  return { before: Number(operation.before_ms), only: listed ? ids : null, keep: listed ? [] : ids };
};

/** Events a clear takes, to the millisecond (ts holds whole seconds, ts_ms the rest). */
function clearCondition(scope: ClearScope): string {
  const before = Math.trunc(scope.before);
  return `ts <= ${dateTime(before)} AND toUInt64(ts) * 1000 + ts_ms < ${before}${campaignCondition(scope)}`;
}

export class ClickHouseClearing {
  private readonly access: ClickHouseAccess;
  private lastWritten = 0;
  private rollupSeen = false;

  constructor(access: ClickHouseAccess) {
    this.access = access;
  }

  async clearBefore(scope: ClearScope): Promise<ClearCounts> {
    await this.finishInterrupted();
    if (clearsNothing(scope)) return { events: 0, clicks: 0 };
    const counts = await this.countClearable(scope);
    if (counts.events === 0) return counts;
    const op = crypto.randomUUID();
    const where = clearCondition(scope);
    await this.mark(op, scope, STARTED);
    const dimensions = ROLLUP_DIMENSIONS.join(', ');
    const slot = `toDateTime(intDiv(toUInt32(ts), ${ROLLUP_SLOT_SECONDS}) * ${ROLLUP_SLOT_SECONDS}, 'UTC')`;
    await this.access.command(
      `INSERT INTO event_rollup (op, ts, ${dimensions}, ${ROLLUP_SUMS.map((sum) => sum.name).join(', ')}) SELECT ${literal(op)}, ${slot} AS slot, ${dimensions}, ${ROLLUP_SUMS.map((sum) => sum.raw).join(', ')} FROM events WHERE ${where} GROUP BY slot, ${dimensions}`,
    );
    const kept = ['click_id', 'ts', 'ts_ms', ...CLEARED_CLICK_COLUMNS].join(', ');
    await this.access.command(
      `INSERT INTO cleared_clicks (${kept}) SELECT ${kept} FROM events WHERE ${where} AND kind = ${EVENT_KIND.click}`,
    );
    this.access.options.clearStep?.('rollup written');
    await this.mark(op, scope, ROLLED);
    this.access.options.clearStep?.('marked rolled');
    await this.removeRaw(scope);
    await this.mark(op, scope, DONE);
    return counts;
  }

  async countClearable(scope: ClearScope): Promise<ClearCounts> {
    if (clearsNothing(scope)) return { events: 0, clicks: 0 };
    const found = await this.access.rows(
      `SELECT count() AS events, countIf(kind = ${EVENT_KIND.click}) AS clicks FROM events WHERE ${clearCondition(scope)}`,
    );
    return { events: Number(found[0]?.events ?? 0), clicks: Number(found[0]?.clicks ?? 0) };
  }

  async findClearedClick(clickId: string, clickTime: number): Promise<TrackingEvent | null> {
    const from = clickTime - CLICK_LOOKUP_WINDOW_MS;
    const to = clickTime + CLICK_LOOKUP_WINDOW_MS;
    const id = literal(clickId);
    const found = await this.access.rows(
      `SELECT * FROM cleared_clicks WHERE click_id = ${id} AND ts BETWEEN ${dateTime(from)} AND ${dateTime(to)} AND toUInt64(ts) * 1000 + ts_ms BETWEEN ${Math.trunc(from)} AND ${Math.trunc(to)} LIMIT 1`,
    );
    const row = found[0];
    if (!row) return null;
    const click = clearedClickFromRow(row);
    const time = click.time + Number(row.ts_ms ?? 0);
    return { ...click, time, clickTime: time };
  }

  /** Whole months of cleared clicks that ended before `time` go as partitions: no mutation. */
  async forgetClearedClicks(time: number): Promise<void> {
    const months = await this.access.rows<{ partition: string }>(
      `SELECT partition FROM system.parts WHERE active AND database = currentDatabase() AND table = 'cleared_clicks' GROUP BY partition HAVING max(max_time) < ${dateTime(time)} AND toYYYYMM(max(max_time)) < toYYYYMM(${dateTime(time)})`,
    );
    for (const { partition } of months) {
      const month = Number(partition);
      if (Number.isInteger(month))
        await this.access.command(`ALTER TABLE cleared_clicks DROP PARTITION ${month}`);
    }
  }

  async reportSources(): Promise<ReportSources> {
    const open = await this.unfinished();
    if (!this.rollupSeen) {
      const usable = await this.access.rows(
        `SELECT count() AS n FROM clearings WHERE state IN (${ROLLED}, ${DONE})`,
      );
      this.rollupSeen = Number(usable[0]?.n) > 0;
    }
    const rolled = open.filter((operation) => Number(operation.last_state) === ROLLED);
    const started = open.filter((operation) => Number(operation.last_state) === STARTED);
    const events =
      rolled.length === 0
        ? 'events'
        : `(SELECT * FROM events WHERE ${rolled.map((operation) => `NOT (${clearCondition(scopeOf(operation))})`).join(' AND ')})`;
    if (!this.rollupSeen) return { events, rollup: null };
    const columns = rollupAsEventsColumns(
      (column) => `CAST(${column.type === 'text' ? literal(CLEARED) : '0'} AS ${this.access.typeOf(column)})`,
    );
    const excluded =
      started.length === 0
        ? ''
        : ` WHERE op NOT IN (${started.map((operation) => literal(operation.op)).join(', ')})`;
    return { events, rollup: `(SELECT ${columns.join(', ')} FROM event_rollup${excluded})` };
  }

  /** Operations not done yet (started or rolled); undone ones are as good as done. */
  private unfinished(): Promise<Operation[]> {
    return this.access.rows<Operation & Row>(
      `SELECT op, argMax(state, written) AS last_state, argMax(before_ms, written) AS before_ms, argMax(only_listed, written) AS only_listed, argMax(campaigns, written) AS campaigns FROM clearings GROUP BY op HAVING last_state IN (${STARTED}, ${ROLLED})`,
    );
  }

  /** Finishes what an interrupted clear left: deletes a rolled one's raw events, a started one's rollup rows. */
  private async finishInterrupted(): Promise<void> {
    for (const operation of await this.unfinished()) {
      const scope = scopeOf(operation);
      if (Number(operation.last_state) === ROLLED) {
        await this.removeRaw(scope);
        await this.mark(operation.op, scope, DONE);
      } else {
        await this.access.command(`ALTER TABLE event_rollup DELETE WHERE op = ${literal(operation.op)}`);
        await this.waitForMutations(['event_rollup']);
        await this.mark(operation.op, scope, UNDONE);
      }
    }
  }

  /**
   * Deletes the raw events (and click-id entries) of a clear whose rollup is complete: months it takes
   * whole are dropped as partitions, the rest goes by one mutation, which this waits for.
   */
  private async removeRaw(scope: ClearScope): Promise<void> {
    const before = Math.trunc(scope.before);
    const where = clearCondition(scope);
    const predicate = campaignPredicate(scope);
    const months = await this.access.rows<{ partition: string }>(
      `SELECT partition FROM system.parts WHERE active AND database = currentDatabase() AND table = 'events' GROUP BY partition HAVING max(max_time) < ${dateTime(before)}`,
    );
    for (const { partition } of months) {
      const month = Number(partition);
      if (!Number.isInteger(month)) continue;
      if (predicate !== null) {
        const others = await this.access.rows(
          `SELECT count() AS n FROM events WHERE toYYYYMM(ts) = ${month} AND NOT (${predicate})`,
        );
        if (Number(others[0]?.n) > 0) continue;
      }
      await this.access.command(`ALTER TABLE events DROP PARTITION ${month}`);
      await this.access.command(`ALTER TABLE click_ids DROP PARTITION ${month}`);
    }
    const left = await this.access.rows(`SELECT count() AS n FROM events WHERE ${where}`);
    if (Number(left[0]?.n) === 0) return;
    await this.access.command(`ALTER TABLE events DELETE WHERE ${where}`);
    // Whole seconds only: an entry left for a deleted click finds nothing in events.
    await this.access.command(
      `ALTER TABLE click_ids DELETE WHERE ts < ${dateTime(before)}${campaignCondition(scope)}`,
    );
    await this.waitForMutations(['events', 'click_ids']);
  }

  private async mark(op: string, scope: ClearScope, state: number): Promise<void> {
    // Strictly increasing within the process; a restarted process starts from a later clock.
    this.lastWritten = Math.max(Date.now(), this.lastWritten + 1);
    const listed = scope.only !== null;
    const ids = (scope.only ?? scope.keep).filter(Number.isInteger);
    await this.access.command(
      `INSERT INTO clearings VALUES (${literal(op)}, ${Math.trunc(scope.before)}, ${listed ? 1 : 0}, [${ids.join(', ')}], ${state}, ${this.lastWritten})`,
    );
    if (state === ROLLED) this.rollupSeen = true;
  }

  private async waitForMutations(tables: readonly string[]): Promise<void> {
    const deadline = Date.now() + (this.access.options.mutationTimeoutMs ?? 600_000);
    const list = tables.map((table) => literal(table)).join(', ');
    for (;;) {
      const pending = await this.access.rows(
        `SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND table IN (${list}) AND is_done = 0`,
      );
      if (Number(pending[0]?.n) === 0) return;
      if (Date.now() > deadline) {
        throw new Error(
          `A delete mutation on ${tables.join(', ')} has not finished; it goes on in ClickHouse`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}
