import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import type { ClickRecorder } from '../journal/recorder.ts';
import { dialectFor } from '../reports/plan/dialect.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { EventStore } from '../store/events/port.ts';
import { ConvertedClicks } from './convertedClicks.ts';
import {
  type Applied,
  apply,
  type ConversionState,
  conversionEvent,
  dayOf,
  decide,
  type Money,
  type Proposal,
  type Valuation,
} from './decide.ts';
import {
  deleteJournalRows,
  deleteLegacyJournalRows,
  insertConversions,
  insertJournalRows,
  insertLog,
  insertOutbox,
  journalRowsOf,
  type LogEntry,
  loadConversions,
  type NewConversion,
  type OutboxEntry,
  updateConversion,
} from './store.ts';

// Conversions are written in group commits: postbacks that arrive while a transaction runs wait for
// the next one and share it, so the config store pays one commit for many postbacks. Inside, each
// postback is decided against its click's conversions as they stand (earlier postbacks of the same
// batch included), and the conversion rows, the postback log, the S2S outbox and the events owed to
// the journal are written together.
//
// Events reach the event store through this node's journal. They are committed here first (table
// conversion_journal_batches, one row a batch), journaled right after the commit, and their rows deleted
// in a later transaction.
// A process that dies between commit and journal leaves the rows behind; at start (and after a journal
// error) `recover` flushes the journal into the event store, journals the rows' events that the store
// does not hold, and deletes the rows. So each change counts once even across a kill.

export interface ConversionItem {
  click: TrackingEvent;
  proposal: Proposal;
  value: (payout: Money) => Valuation;
  /** The outbox entries a new or changed conversion needs: the source's S2S postback, ad platforms' events (none: empty). */
  s2s: (state: ConversionState, before: ConversionState | null) => OutboxEntry[];
  log: Omit<LogEntry, 'httpStatus' | 'outcome' | 'message' | 'seq'>;
}

export interface WriteOutcome {
  outcome: 'recorded' | 'updated' | 'ignored';
  message: string;
  seq: number | null;
}

interface Pending {
  item: ConversionItem | LogEntry;
  resolve: (outcome: WriteOutcome | null) => void;
  reject: (error: unknown) => void;
}

export interface ConversionWriterOptions {
  store: ConfigStore;
  events: EventStore;
  recorder: Pick<ClickRecorder, 'record' | 'stage' | 'commit' | 'flushNow'>;
  /** Finds a click for rebuilding an event after a crash. */
  findClick: (clickId: string, clickTime: number) => Promise<TrackingEvent | null>;
  nodeId: string;
  now: () => number;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Called after a commit that queued S2S postbacks. */
  onOutbox: () => void;
}

const MAX_BATCH = 200;
/**
 * Group commit delay. On DuckDB a commit costs nearly as much for 50 postbacks as for 25 (each appender
 * pays a fixed cost), and without a wait batches settled at half the postbacks in flight: those one commit
 * answered came back while the next ran with the rest. So while the writer is busy (its last commit took
 * more than GATHER_AFTER postbacks and ended within GATHER_BUSY_MS), a commit first waits up to GATHER_MS,
 * or until a batch is full, for more to join it; a quiet writer commits at once. bench:postback, 10M seeded
 * clicks, 50 connections, alternating runs on 2026-11-28: batches of 30-49 instead of 25; for clicks still
 * in memory 1,657-1,728 conversions a second against 1,200-1,515 without; for stored clicks 847-1,556
 * against 805-1,322, which this machine's noise does not tell apart. A 10 ms wait did no better.
 */
const GATHER_MS = 5;
const GATHER_AFTER = 4;
export const GATHER_BUSY_MS = 100;
/**
 * Postbacks waiting for a commit at most; beyond, new ones are refused at once (the network retries)
 * rather than queued behind a store that cannot keep up.
 */
const MAX_WAITING = 10_000;
const RECOVERY_RETRY_MS = 30_000;
/** Journaled batches whose rows are deleted together, or sooner once the oldest has waited this long. */
const JOURNAL_DELETE_BATCHES = 16;
const JOURNAL_DELETE_AFTER_MS = 5_000;

const isConversion = (item: ConversionItem | LogEntry): item is ConversionItem => 'proposal' in item;

export class ConversionWriter {
  private readonly options: ConversionWriterOptions;
  private readonly runId = crypto.randomBytes(4).toString('hex');
  /** Null on PostgreSQL: other nodes add conversions this one would not see. */
  private readonly converted: ConvertedClicks | null;
  private convertedLoading: Promise<void> = Promise.resolve();
  private batchCount = 0;
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  /** Batches whose events are journaled; their rows go in a later transaction. */
  private journaled: string[] = [];
  private journaledSince = 0;
  private needsRecovery = true;
  private recoveryTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private committed = 0;
  private lastBatch = 0;
  /** performance.now() when the last commit ended (the business clock may stand still in tests). */
  private lastCommitEnd = 0;
  /** Ends the current gathering wait early (a batch filled up). */
  private gathered: (() => void) | null = null;
  /** How long a busy writer waits for more postbacks to join a commit; tests lengthen it. */
  gatherMs = GATHER_MS;

  constructor(options: ConversionWriterOptions) {
    this.options = options;
    this.converted = options.store.dialect === 'duckdb' ? new ConvertedClicks() : null;
  }

  /** Starts with a recovery pass (rows a previous run left behind). */
  start(): void {
    this.kick();
    // Until loaded, every batch reads its clicks' conversions, as without the filter.
    if (this.converted) {
      this.convertedLoading = this.converted
        .load(this.options.store)
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'converted clicks not loaded; conversions read per batch'),
        );
    }
  }

  write(item: ConversionItem): Promise<WriteOutcome> {
    return this.enqueue(item) as Promise<WriteOutcome>;
  }

  /** A postback refused before it reached a conversion: only its log entry is written. */
  log(entry: LogEntry): void {
    this.enqueue(entry).catch((error: unknown) =>
      this.options.logger.error({ err: error }, 'postback log entry not written'),
    );
  }

  /** Transactions committed since start. */
  get commits(): number {
    return this.committed;
  }

  /** Resolves once everything submitted so far is written and start-up loading is over (tests, shutdown). */
  async idle(): Promise<void> {
    await this.convertedLoading;
    while (this.running) await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    await this.idle();
    try {
      await this.options.store.transaction((tx) =>
        deleteJournalRows(tx, this.options.nodeId, this.journaled.splice(0)),
      );
    } catch (error) {
      // Left for the next start's recovery, which finds their events stored and only deletes them.
      this.options.logger.warn({ err: error }, 'conversion journal rows not cleared at shutdown');
    }
  }

  private enqueue(item: ConversionItem | LogEntry): Promise<WriteOutcome | null> {
    if (this.closed) return Promise.reject(new Error('The conversion writer is closed'));
    if (this.queue.length >= MAX_WAITING) return Promise.reject(new Error('Too many postbacks waiting'));
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= MAX_BATCH) this.gathered?.();
      this.kick();
    });
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    if (this.needsRecovery) await this.tryRecover();
    while (this.queue.length > 0) {
      const busy = this.lastBatch > GATHER_AFTER && performance.now() - this.lastCommitEnd < GATHER_BUSY_MS;
      if (busy && this.queue.length < MAX_BATCH) await this.gather();
      const batch = this.queue.splice(0, MAX_BATCH);
      this.lastBatch = batch.length;
      try {
        await this.commit(batch);
      } catch (error) {
        if (batch.length === 1) {
          (batch[0] as Pending).reject(error);
          continue;
        }
        // One postback's failure must not fail the others: each gets a transaction of its own.
        for (const pending of batch) {
          try {
            await this.commit([pending]);
          } catch (single) {
            pending.reject(single);
          }
        }
      }
    }
  }

  private gather(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.gathered = null;
        resolve();
      };
      const timer = setTimeout(done, this.gatherMs);
      this.gathered = done;
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    const { store, nodeId } = this.options;
    const now = this.options.now();
    const key = `${this.runId}-${++this.batchCount}`;
    // Journaled rows are deleted a few batches at a time: a DELETE per commit was a tenth of its cost,
    // and rows left by a crash are what recovery handles anyway.
    const due =
      this.journaled.length >= JOURNAL_DELETE_BATCHES || now - this.journaledSince >= JOURNAL_DELETE_AFTER_MS;
    const done = due ? this.journaled.splice(0) : [];
    const outcomes: (WriteOutcome | null)[] = [];
    const events: TrackingEvent[] = [];
    let outboxQueued = false;
    try {
      await store.transaction(async (tx) => {
        await deleteJournalRows(tx, nodeId, done);
        const items = batch.map((pending) => pending.item);
        const { converted } = this;
        const clickIds: string[] = [];
        for (const item of items) {
          if (isConversion(item) && (!converted || converted.mayHave(item.click.clickId))) {
            clickIds.push(item.click.clickId);
          }
        }
        const states = await loadConversions(tx, clickIds, store.dialect === 'postgres');
        const created = new Map<string, NewConversion>();
        const changed = new Map<string, ConversionState>();
        const logs: LogEntry[] = [];
        const outbox: OutboxEntry[] = [];
        for (const item of items) {
          if (!isConversion(item)) {
            logs.push(item);
            outcomes.push(null);
            continue;
          }
          const clickId = item.click.clickId;
          const existing = states.get(clickId) ?? [];
          const decision = decide(existing, item.proposal, dayOf(now));
          if (decision.kind === 'ignored') {
            logs.push({
              ...item.log,
              httpStatus: 200,
              outcome: 'ignored',
              message: decision.reason,
              seq: null,
            });
            outcomes.push({ outcome: 'ignored', message: decision.reason, seq: null });
            continue;
          }
          const applied: Applied = apply(decision, item.click, item.proposal.txid, now, item.value);
          const name = `${clickId}:${applied.state.seq}`;
          // Later postbacks of the same click in this batch see this one.
          states.set(
            clickId,
            applied.before
              ? existing.map((state) => (state.seq === applied.state.seq ? applied.state : state))
              : [...existing, applied.state],
          );
          const fresh = created.get(name);
          if (fresh) fresh.state = applied.state;
          else if (applied.before) changed.set(name, applied.state);
          else {
            created.set(name, { state: applied.state, click: item.click });
            // Before the commit: a rollback leaves a maybe that reads nothing, never a missed conversion.
            converted?.add(clickId);
          }
          events.push(applied.event);
          for (const entry of item.s2s(applied.state, applied.before)) {
            outbox.push(entry);
            // Stored with the conversion below (the maps hold this very object): the status is not
            // reported again when the conversion comes back to it.
            const mark = entry.mark ?? applied.state.status;
            if (entry.state === 'pending' && !applied.state.reportedStatuses.includes(mark)) {
              applied.state.reportedStatuses = [...applied.state.reportedStatuses, mark];
            }
          }
          const outcome = applied.before ? 'updated' : 'recorded';
          const message = applied.before
            ? `${applied.before.status} -> ${applied.state.status}`
            : `conversion ${applied.state.seq}, ${applied.state.status}`;
          logs.push({ ...item.log, httpStatus: 200, outcome, message, seq: applied.state.seq });
          outcomes.push({ outcome, message, seq: applied.state.seq });
        }
        await insertConversions(tx, [...created.values()], now);
        for (const state of changed.values()) await updateConversion(tx, state, now);
        await insertJournalRows(tx, nodeId, key, events);
        if (outbox.length > 0) await insertOutbox(tx, outbox, now);
        if (logs.length > 0) await insertLog(tx, logs);
        // Skipped entries only record why nothing goes out: the delivery worker has nothing to claim.
        outboxQueued = outbox.some((entry) => entry.state === 'pending');
      });
    } catch (error) {
      this.journaled.unshift(...done);
      throw error;
    }
    this.committed += 1;
    this.lastCommitEnd = performance.now();
    this.journal(events, key);
    batch.forEach((pending, index) => {
      pending.resolve(outcomes[index] ?? null);
    });
    if (outboxQueued) this.options.onOutbox();
  }

  /** Journals a committed batch's events; on failure the rows stay for recovery and the answer stands. */
  private journal(events: readonly TrackingEvent[], key: string): void {
    if (events.length === 0) return;
    try {
      // One write(2) for the batch's events.
      for (const event of events) this.options.recorder.stage(event);
      this.options.recorder.commit();
      if (this.journaled.length === 0) this.journaledSince = this.options.now();
      this.journaled.push(key);
    } catch (error) {
      this.options.logger.error({ err: error }, 'conversion events not journaled; recovery will retry');
      this.needsRecovery = true;
      this.scheduleRecovery();
    }
  }

  private scheduleRecovery(): void {
    if (this.recoveryTimer || this.closed) return;
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = null;
      this.kick();
    }, RECOVERY_RETRY_MS);
    this.recoveryTimer.unref();
  }

  private async tryRecover(): Promise<void> {
    try {
      await this.recover();
      this.needsRecovery = false;
    } catch (error) {
      this.options.logger.error({ err: error }, 'conversion journal recovery failed; retrying later');
      this.scheduleRecovery();
    }
  }

  /**
   * Journals the events of rows left behind that the event store does not hold (rebuilt on their clicks),
   * then deletes the rows.
   */
  private async recover(): Promise<void> {
    const { store, events, recorder, nodeId, logger } = this.options;
    const { rows, unreadable } = await journalRowsOf(store, nodeId);
    if (unreadable.length > 0) {
      // Not written by this code: kept for a person to look at rather than guessed at or dropped.
      logger.error({ batches: unreadable }, 'conversion journal rows unreadable; left in place');
    }
    if (rows.length === 0) return;
    await recorder.flushNow();
    const stored = new Set<string>();
    const ids = [...new Set(rows.map((row) => row.clickId))];
    const ms = dialectFor(events.dialect).epochMs('ts');
    for (let start = 0; start < ids.length; start += 500) {
      const chunk = ids.slice(start, start + 500);
      const found = await events.query<{ click_id: string; seq: number; ms: number }>(
        `SELECT click_id, seq, ${ms} AS ms FROM events WHERE kind = ${EVENT_KIND.conversion} AND click_id IN (${chunk.map((_, index) => `$${index + 1}`).join(', ')})`,
        chunk,
      );
      for (const row of found) stored.add(`${row.click_id}:${Number(row.seq)}:${Number(row.ms)}`);
    }
    let journaled = 0;
    for (const row of rows) {
      if (stored.has(`${row.clickId}:${row.seq}:${row.eventMs}`)) continue;
      const click = await this.options.findClick(row.clickId, row.clickMs);
      if (!click) {
        logger.error({ clickId: row.clickId, seq: row.seq }, 'conversion event lost: its click is gone');
        continue;
      }
      recorder.record(
        conversionEvent(click, {
          seq: row.seq,
          time: row.eventMs,
          status: row.status,
          txid: row.txid,
          approved: row.approved,
          pending: row.pending,
          declined: row.declined,
          revenueMicros: row.revenueMicros,
          costMicros: row.costMicros,
        }),
      );
      journaled += 1;
    }
    if (journaled > 0)
      logger.warn({ events: journaled }, 'conversion events journaled after an interrupted run');
    const batches = [...new Set(rows.map((row) => row.batch))];
    await store.transaction(async (tx) => {
      await deleteJournalRows(tx, nodeId, batches);
      await deleteLegacyJournalRows(tx, nodeId);
    });
  }
}
