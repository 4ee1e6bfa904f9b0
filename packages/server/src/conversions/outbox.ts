import crypto from 'node:crypto';
import { truncateText } from '@cairn/contract';
import type { Logger } from 'pino';
import { type ScheduledJob, scheduleJob } from '../cluster/jobs.ts';
import type { SendAnswer } from '../integrations/adapter.ts';
import { OutboundGuard, OutboundRefused } from '../outbound/guard.ts';
import { type ConfigStore, timestamp } from '../store/config/port.ts';
import { POSTBACK_LOG_ROWS_MAX, prunePostbackLog } from './store.ts';

// Delivery of S2S postbacks from the outbox table. Any node may run the worker: it claims due rows with
// a token and a lease (one UPDATE whose subquery picks them; on PostgreSQL that subquery takes
// FOR UPDATE SKIP LOCKED), calls each URL, and records the answer on the row it still holds.
//
// A 2xx marks the row delivered at once, before anything else is looked at, and a delivered row is
// never claimed again. The one way a postback goes out twice is a process that dies after the source
// answered 2xx and before that UPDATE commits (a few milliseconds): its lease runs out and another
// attempt is made. So delivery is at least once, with that window as the only duplicate source.
// Anything else (a 5xx, a timeout, a refused connection) is retried with exponential backoff until a
// day after the conversion, then the row is marked failed. Rows survive restarts: they are only rows.
// A URL the outbound guard refuses (a private or loopback address, another scheme) is failed at once.
// Rows for an ad platform (integrations/: Meta's Conversions API) name an account and carry a request
// body; they are POSTed by the platform's adapter with the account's token, under the same rules, and
// fail at once when the account was deleted.
//
// Each destination (host and port) has a few slots in the guard and a few more rows waiting behind
// them; rows beyond that are put back a little later rather than held, so a slow source fills only
// its own slots and the rows of every other source go out meanwhile. Logs name the host and the row,
// never the URL: its query carries the click's tokens and the visitor's IP.

export const S2S_FIRST_RETRY_MS = 30_000;
export const S2S_MAX_RETRY_MS = 3600_000;
const LEASE_MS = 60_000;
const CLAIM_BATCH = 20;
/** Rows of one destination waiting for its slots, besides those in flight. */
const WAITING_PER_DESTINATION = 2;
// Besides being poked when postbacks are queued, the worker wakes when the earliest retry is due, and
// every half minute for rows other nodes (or a crashed run) left.
const SAFETY_POLL_MS = 30_000;
const HOUSEKEEPING_MS = 10 * 60_000;
/** Postback log entries and finished outbox rows are kept this long. */
export const POSTBACK_LOG_KEEP_MS = 30 * 86_400_000;
const OUTBOX_KEEP_MS = 90 * 86_400_000;

/** The wait after the n-th failed attempt (n >= 1): 30 s, 1 min, 2 min ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(S2S_FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), S2S_MAX_RETRY_MS);
}

export interface OutboxOptions {
  store: ConfigStore;
  now: () => number;
  logger: Pick<Logger, 'warn' | 'error' | 'debug'>;
  /** Rows a delivery pass holds at once, sending or waiting for their destination (default 16). */
  concurrency?: number;
  timeoutMs?: number;
  outbound: OutboundGuard;
  /**
   * Sends rows queued for an ad platform (integrations/conversionsOut.ts) with their account's token; a
   * rejection named AccountGone fails the row at once.
   */
  platforms?: {
    send(accountId: number, url: string, body: string, timeoutMs: number): Promise<SendAnswer>;
  };
}

interface Claimed {
  id: number;
  url: string;
  attempts: number;
  giveUpAt: number;
  /** An ad platform's row: its account and request body. */
  accountId: number | null;
  body: string | null;
}

const msOf = (value: unknown): number =>
  value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number(value);

export class S2sOutbox {
  private readonly options: OutboxOptions;
  private running: Promise<number> | null = null;
  private again = false;
  /** Wakes a pass that waits on slow requests when new rows were queued meanwhile. */
  private wake: (() => void) | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private dueTimer: NodeJS.Timeout | null = null;
  private housekeepingJob: ScheduledJob | null = null;
  /** The postback log's newest rows kept by housekeeping; tests lower it. */
  logRowsMax = POSTBACK_LOG_ROWS_MAX;
  private stopped = false;

  constructor(options: OutboxOptions) {
    this.options = options;
  }

  start(): void {
    this.stopped = false;
    this.pollTimer = setInterval(() => this.poke(), SAFETY_POLL_MS);
    this.pollTimer.unref();
    // One node at a time prunes; every node delivers (claims keep them from sending a row twice).
    this.housekeepingJob = scheduleJob(
      this.options.store,
      'postback-housekeeping',
      HOUSEKEEPING_MS,
      () => this.housekeeping(),
      (error) => this.options.logger.error({ err: error }, 'postback housekeeping failed'),
    );
    this.poke();
  }

  /** Looks for due rows now (new postbacks were queued). */
  poke(): void {
    if (this.stopped) return;
    this.runOnce().catch((error: unknown) =>
      this.options.logger.error({ err: error }, 'S2S delivery pass failed'),
    );
  }

  /** Sends every due row, then resolves with how many attempts were made (tests wait on it). */
  runOnce(): Promise<number> {
    if (this.running) {
      this.again = true;
      this.wake?.();
      return this.running;
    }
    const run = async (): Promise<number> => {
      let attempts = 0;
      do {
        this.again = false;
        attempts += await this.deliverDue();
      } while (this.again && !this.stopped);
      return attempts;
    };
    this.running = run().finally(() => {
      this.running = null;
      this.scheduleNextDue().catch((error: unknown) =>
        this.options.logger.error({ err: error }, 'S2S retry schedule failed'),
      );
    });
    return this.running;
  }

  private async scheduleNextDue(): Promise<void> {
    if (this.stopped) return;
    const rows = await this.options.store.query<{ due: unknown }>(
      "SELECT min(next_attempt_at) AS due FROM s2s_outbox WHERE state = 'pending'",
    );
    const due = rows[0]?.due;
    if (due === null || due === undefined || this.stopped) return;
    if (this.dueTimer) clearTimeout(this.dueTimer);
    const wait = Math.min(Math.max(msOf(due) - this.options.now(), 1000), SAFETY_POLL_MS);
    this.dueTimer = setTimeout(() => this.poke(), wait);
    this.dueTimer.unref();
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.dueTimer) clearTimeout(this.dueTimer);
    await this.housekeepingJob?.stop();
    try {
      await this.running;
    } catch {
      // Logged where it happened.
    }
  }

  private get timeoutMs(): number {
    return this.options.timeoutMs ?? 10_000;
  }

  /**
   * Claims due rows while the pass has room and sends each as its destination allows; resolves when
   * nothing due is left unclaimed and every request has finished. Returns the attempts made.
   */
  private async deliverDue(): Promise<number> {
    const capacity = this.options.concurrency ?? 16;
    const sending = new Set<Promise<void>>();
    let attempts = 0;
    while (!this.stopped) {
      if (sending.size >= capacity) {
        await Promise.race(sending);
        continue;
      }
      const claimed = await this.claim(Math.min(capacity - sending.size, CLAIM_BATCH));
      if (claimed.rows.length === 0) {
        if (sending.size === 0) break;
        // Requests still out: new rows (a poke, perhaps during the claim) or a finished request may let
        // more go meanwhile.
        if (this.again) {
          this.again = false;
          continue;
        }
        await Promise.race([...sending, new Promise<void>((resolve) => (this.wake = resolve))]);
        this.wake = null;
        continue;
      }
      const busy: Claimed[] = [];
      for (const row of claimed.rows) {
        const destination = OutboundGuard.destinationOf(row.url);
        if (
          this.options.outbound.load(destination) >=
          this.options.outbound.perDestination + WAITING_PER_DESTINATION
        ) {
          busy.push(row);
          continue;
        }
        attempts += 1;
        const sent: Promise<void> = this.send(claimed.token, row)
          .catch((error: unknown) =>
            this.options.logger.error({ err: error, id: row.id, host: destination }, 'S2S delivery failed'),
          )
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
      if (busy.length > 0) await this.putBack(claimed.token, busy);
    }
    await Promise.all(sending);
    return attempts;
  }

  /** Rows whose destination is full go back to the table, due once its requests have had their time. */
  private async putBack(token: string, rows: Claimed[]): Promise<void> {
    const ids = rows.map((row) => row.id);
    const marks = ids.map((_, index) => `$${index + 3}`).join(', ');
    await this.options.store.execute(
      `UPDATE s2s_outbox SET next_attempt_at = CAST($1 AS TIMESTAMPTZ), claim_token = NULL, claimed_until = NULL
        WHERE claim_token = $2 AND id IN (${marks})`,
      [timestamp(this.options.now() + this.timeoutMs), token, ...ids],
    );
  }

  private async claim(limit: number): Promise<{ token: string; rows: Claimed[] }> {
    const { store } = this.options;
    const now = this.options.now();
    const token = crypto.randomBytes(12).toString('hex');
    const forUpdate = store.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
    await store.execute(
      `UPDATE s2s_outbox SET claim_token = $1, claimed_until = CAST($2 AS TIMESTAMPTZ)
        WHERE id IN (SELECT id FROM s2s_outbox
                      WHERE state = 'pending' AND next_attempt_at <= CAST($3 AS TIMESTAMPTZ)
                        AND (claimed_until IS NULL OR claimed_until < CAST($3 AS TIMESTAMPTZ))
                      ORDER BY next_attempt_at, id LIMIT ${limit}${forUpdate})`,
      [token, timestamp(now + LEASE_MS), timestamp(now)],
    );
    const rows = await store.query<{
      id: number;
      url: string;
      attempts: number;
      give_up_at: unknown;
      integration_account_id: unknown;
      body: unknown;
    }>(
      `SELECT id, url, attempts, give_up_at, integration_account_id, body FROM s2s_outbox
        WHERE claim_token = $1 ORDER BY id`,
      [token],
    );
    return {
      token,
      rows: rows.map((row) => ({
        id: Number(row.id),
        url: String(row.url),
        attempts: Number(row.attempts),
        giveUpAt: msOf(row.give_up_at),
        accountId:
          row.integration_account_id === null || row.integration_account_id === undefined
            ? null
            : Number(row.integration_account_id),
        body: row.body === null || row.body === undefined ? null : String(row.body),
      })),
    };
  }

  private async send(token: string, row: Claimed): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    let refused = false;
    try {
      if (row.accountId !== null) {
        if (!this.options.platforms) throw new Error('ad platform rows cannot be sent on this node');
        const answer = await this.options.platforms.send(
          row.accountId,
          row.url,
          row.body ?? '',
          this.timeoutMs,
        );
        status = answer.status;
        error = answer.error === null ? null : `HTTP ${answer.status}: ${answer.error}`;
      } else {
        const answer = await this.options.outbound.get(row.url, {
          headers: { 'user-agent': 'Cairn S2S postback' },
          timeoutMs: this.timeoutMs,
        });
        status = answer.status;
      }
    } catch (failure) {
      refused =
        failure instanceof OutboundRefused || (failure instanceof Error && failure.name === 'AccountGone');
      error = failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure);
    }
    const now = this.options.now();
    const attempts = row.attempts + 1;
    const { store } = this.options;
    // A 2xx with an error is a platform refusing the event in its answer's body: not delivered.
    if (status !== null && status >= 200 && status < 300 && error === null) {
      await store.execute(
        `UPDATE s2s_outbox SET state = 'delivered', attempts = $1, last_status = $2, last_error = NULL,
                delivered_at = CAST($3 AS TIMESTAMPTZ), last_attempt_at = CAST($3 AS TIMESTAMPTZ),
                claim_token = NULL, claimed_until = NULL
          WHERE id = $4 AND claim_token = $5`,
        [attempts, status, timestamp(now), row.id, token],
      );
      return;
    }
    const next = now + retryDelayMs(attempts);
    // A refused destination stays refused: retrying would only knock on the same door for a day.
    const state = refused || next > row.giveUpAt ? 'failed' : 'pending';
    const message = truncateText(error ?? `HTTP ${status}`, 200);
    if (state === 'failed') {
      this.options.logger.warn(
        { id: row.id, host: OutboundGuard.destinationOf(row.url), message },
        'S2S postback given up',
      );
    }
    await store.execute(
      `UPDATE s2s_outbox SET state = $1, attempts = $2, last_status = $3, last_error = $4,
              next_attempt_at = CAST($5 AS TIMESTAMPTZ), last_attempt_at = CAST($8 AS TIMESTAMPTZ),
              claim_token = NULL, claimed_until = NULL
        WHERE id = $6 AND claim_token = $7`,
      [state, attempts, status, message, timestamp(next), row.id, token, timestamp(now)],
    );
  }

  /** Drops postback log entries and finished outbox rows past their keeping time. */
  async housekeeping(): Promise<void> {
    const now = this.options.now();
    const { store } = this.options;
    await store.execute('DELETE FROM postback_log WHERE received_at < CAST($1 AS TIMESTAMPTZ)', [
      timestamp(now - POSTBACK_LOG_KEEP_MS),
    ]);
    await prunePostbackLog(store, this.logRowsMax);
    await store.execute(
      "DELETE FROM s2s_outbox WHERE state <> 'pending' AND created_at < CAST($1 AS TIMESTAMPTZ)",
      [timestamp(now - OUTBOX_KEEP_MS)],
    );
  }
}
