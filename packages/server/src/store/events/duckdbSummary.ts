import type { DuckDBConnection } from '@duckdb/node-api';
import type { EventColumn } from '../../events/columns.ts';
import { eventColumn } from '../../events/columns.ts';
import { timestampLiteral } from './duckdbValues.ts';
import type { ClearScope, ReportSummary } from './port.ts';
import { campaignCondition, ENTITY_FLOW_DIMENSIONS, ROLLUP_SLOT_SECONDS, ROLLUP_SUMS } from './rollup.ts';

// The report summary of the embedded store: the report sums of the raw events per quarter hour (UTC)
// and per the dimensions most reports and every list with numbers group by, kept beside the events so
// a month of clicks is read as a few rows a quarter hour instead of every event.
//
// It is derived, never the truth: a quarter hour is either summed (its rows are exactly its events) or
// pending (listed in report_summary_pending, read from the raw events). Every write that changes a
// quarter hour's events marks it pending in the same transaction; a refresh re-sums closed pending
// quarter hours from their events, also in one transaction. So a crash at any point leaves every
// quarter hour right one way or the other, and a report that reads the summary for the summed and the
// events for the pending ones counts each event once. The quarter hour the clock is in stays pending
// (it changes every flush); a late event (a journal replayed after a crash, a seed) just marks its own.
// Quarter hours, as in the clearing rollup: every zone's offset is a whole number of them, so local
// hours and days never split one.

export const SUMMARY_SLOT_MS = ROLLUP_SLOT_SECONDS * 1000;

/** Event columns the summary keeps: entities, the flow and country (the device family would triple it). */
export const SUMMARY_DIMENSIONS = ENTITY_FLOW_DIMENSIONS;

/** Closed pending quarter hours summed per refresh at most: one day, so appends never wait long. */
export const SUMMARY_SLOTS_PER_REFRESH = 96;
/** More pending stretches than this and reports read the raw events alone (SQL stays short). */
const MAX_PENDING_RANGES = 64;

const slotOf = (ms: number) => Math.floor(ms / SUMMARY_SLOT_MS) * SUMMARY_SLOT_MS;

/** The quarter hours from `from` to `to`, or null past a day of them (then read the times back). */
export function slotsWithin(times: { from: number; to: number }): number[] | null {
  if (!(times.from <= times.to)) return null;
  const slots: number[] = [];
  for (let slot = slotOf(times.from); slot <= times.to; slot += SUMMARY_SLOT_MS) {
    if (slots.length >= SUMMARY_SLOTS_PER_REFRESH) return null;
    slots.push(slot);
  }
  return slots;
}
const SLOT_SQL = `time_bucket(INTERVAL ${ROLLUP_SLOT_SECONDS} SECOND, ts)`;

export function summaryMigration(typeOf: (column: EventColumn) => string): string[] {
  const dimensions = SUMMARY_DIMENSIONS.map((name) => `${name} ${typeOf(eventColumn(name))} NOT NULL`);
  const sums = ROLLUP_SUMS.map((sum) => `${sum.name} BIGINT NOT NULL`);
  // `events`: how many raw events a row sums, so a start can check the summary against the events.
  sums.push('events BIGINT NOT NULL');
  return [
    `CREATE TABLE report_summary (ts TIMESTAMP NOT NULL, ${[...dimensions, ...sums].join(', ')})`,
    'CREATE TABLE report_summary_pending (ts TIMESTAMP NOT NULL)',
    // Events stored before the summary existed: all of it is pending, and refreshes fill it in.
    `INSERT INTO report_summary_pending SELECT DISTINCT ${SLOT_SQL} FROM events`,
  ];
}

/** Adjacent quarter hours as [from, to) stretches, in order. */
function stretches(slots: Iterable<number>): [number, number][] {
  const out: [number, number][] = [];
  for (const slot of [...slots].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[1] === slot) last[1] = slot + SUMMARY_SLOT_MS;
    else out.push([slot, slot + SUMMARY_SLOT_MS]);
  }
  return out;
}

const within = (ranges: readonly (readonly [number, number])[]) =>
  ranges
    .map(([from, to]) => `(ts >= ${timestampLiteral(from)} AND ts < ${timestampLiteral(to)})`)
    .join(' OR ');

/**
 * The pending quarter hours of one events file, mirrored in memory (only this process writes the
 * file). Its methods that take a connection run inside the caller's write transaction; the mirror
 * changes only through `committed`, once that transaction has committed.
 */
export class SummaryPending {
  private readonly slots = new Set<number>();
  /** Until the check made at open is done, reports read the raw events only. */
  private checked = false;

  async load(connection: DuckDBConnection): Promise<void> {
    const reader = await connection.runAndReadAll('SELECT epoch_ms(ts) AS ms FROM report_summary_pending');
    for (const row of reader.getRowObjectsJS()) this.slots.add(Number(row.ms));
  }

  /**
   * Compares each summed quarter hour's event count with the events, and marks those that differ
   * pending (returned): what a writer that knew nothing of the summary changed (a release from before
   * it, run on this file again; a hand-made statement) is then read raw and summed anew.
   */
  async check(connection: DuckDBConnection): Promise<number[]> {
    const reader = await connection.runAndReadAll(
      `SELECT epoch_ms(coalesce(e.slot, s.slot)) AS ms FROM
         (SELECT ${SLOT_SQL} AS slot, count(*) AS n FROM events GROUP BY slot) e
         FULL OUTER JOIN (SELECT ts AS slot, sum(events) AS n FROM report_summary GROUP BY ts) s ON e.slot = s.slot
       WHERE coalesce(e.n, 0) <> coalesce(s.n, 0)`,
    );
    return this.markTimes(
      connection,
      reader.getRowObjectsJS().map((row) => Number(row.ms)),
    );
  }

  /** After the check's transaction committed. */
  checkedWith(added: readonly number[]): void {
    this.committed(added);
    this.checked = true;
  }

  /** Marks the quarter hours of these event times pending; returns the ones newly marked. */
  async markTimes(connection: DuckDBConnection, times: Iterable<number>): Promise<number[]> {
    const fresh = new Set<number>();
    for (const time of times) {
      const slot = slotOf(time);
      if (!this.slots.has(slot)) fresh.add(slot);
    }
    if (fresh.size === 0) return [];
    const values = [...fresh].map((slot) => `(${timestampLiteral(slot)})`).join(', ');
    await connection.run(`INSERT INTO report_summary_pending VALUES ${values}`);
    return [...fresh];
  }

  /** Marks the quarter hours of the events in `relation` (a table of this transaction). */
  async markRelation(connection: DuckDBConnection, relation: string): Promise<number[]> {
    const reader = await connection.runAndReadAll(
      `SELECT DISTINCT epoch_ms(${SLOT_SQL}) AS ms FROM ${relation}`,
    );
    return this.markTimes(
      connection,
      reader.getRowObjectsJS().map((row) => Number(row.ms)),
    );
  }

  /**
   * Before raw events of a scope are deleted: drops the summed rows the deletion touches and marks
   * the quarter hour it cuts through (if any) pending, so nothing is read both from the summary and
   * from where the events went.
   */
  async forget(connection: DuckDBConnection, scope: ClearScope): Promise<number[]> {
    await connection.run(
      `DELETE FROM report_summary WHERE ts < ${timestampLiteral(scope.before)}${campaignCondition(scope)}`,
    );
    return scope.before % SUMMARY_SLOT_MS === 0 ? [] : this.markTimes(connection, [scope.before]);
  }

  get isChecked(): boolean {
    return this.checked;
  }

  /** Quarter hours pending, and how many of them are closed (due for a refresh). */
  counts(now: number): { pending: number; due: number } {
    const open = slotOf(now);
    let due = 0;
    for (const slot of this.slots) if (slot < open) due += 1;
    return { pending: this.slots.size, due };
  }

  /** Closed pending quarter hours (before the one `now` is in), oldest first, at most `limit`. */
  due(now: number, limit = SUMMARY_SLOTS_PER_REFRESH): number[] {
    const open = slotOf(now);
    return [...this.slots]
      .filter((slot) => slot < open)
      .sort((a, b) => a - b)
      .slice(0, limit);
  }

  /** Sums these quarter hours anew from their events and marks them summed. */
  async refresh(connection: DuckDBConnection, slots: readonly number[]): Promise<void> {
    const listed = slots.map(timestampLiteral).join(', ');
    const dimensions = SUMMARY_DIMENSIONS.join(', ');
    await connection.run(`DELETE FROM report_summary WHERE ts IN (${listed})`);
    await connection.run(
      `INSERT INTO report_summary (ts, ${dimensions}, ${ROLLUP_SUMS.map((sum) => sum.name).join(', ')}, events) SELECT ${SLOT_SQL} AS slot, ${dimensions}, ${ROLLUP_SUMS.map((sum) => sum.raw).join(', ')}, count(*) FROM events WHERE ${within(stretches(slots))} GROUP BY slot, ${dimensions}`,
    );
    await connection.run(`DELETE FROM report_summary_pending WHERE ts IN (${listed})`);
  }

  /** After the transaction that marked `added` and summed `summed` committed. */
  committed(added: readonly number[], summed: readonly number[] = []): void {
    for (const slot of added) this.slots.add(slot);
    for (const slot of summed) this.slots.delete(slot);
  }

  /** What reports read, as of the last commit; null when too fragmented to be worth it. */
  sources(): ReportSummary | null {
    if (!this.checked) return null;
    const pending = stretches(this.slots);
    if (pending.length > MAX_PENDING_RANGES) return null;
    return { relation: 'report_summary', columns: SUMMARY_DIMENSIONS, slotMs: SUMMARY_SLOT_MS, pending };
  }
}
