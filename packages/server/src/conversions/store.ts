import { type ConversionStatus, type IntegrationPlatform, truncateText } from '@cairn/contract';
import type { TrackingEvent } from '../events/event.ts';
import { type Row, type Sql, timestamp } from '../store/config/port.ts';
import type { ConversionState } from './decide.ts';

// The conversion tables of the config store (migration 005), in portable SQL: positional parameters,
// timestamps as ISO text cast to TIMESTAMPTZ, rows added through `Sql.insert`.

/** Click ids per IN list, keeping a statement's parameters to a few hundred. */
const IDS_PER_QUERY = 200;

function placeholders(count: number, offset = 0): string {
  return Array.from({ length: count }, (_, index) => `$${index + offset + 1}`).join(', ');
}

function stateOf(row: Row): ConversionState {
  return {
    clickId: String(row.click_id),
    seq: Number(row.seq),
    txid: row.txid === null || row.txid === undefined ? null : String(row.txid),
    status: String(row.status) as ConversionStatus,
    networkStatus: String(row.network_status ?? ''),
    payout: { micros: Number(row.payout_micros), currency: String(row.currency) },
    revenueMicros: Number(row.revenue_micros),
    costMicros: Number(row.cost_micros),
    lastEventMs: Number(row.last_event_ms),
    changesDay: Number(row.changes_day ?? 0),
    changesThatDay: Number(row.changes_that_day ?? 0),
    reportedStatuses: String(row.reported_statuses ?? '')
      .split(',')
      .filter((status) => status !== ''),
  };
}

/**
 * The conversions of these clicks, each click's in seq order. With `lock` (PostgreSQL, where nodes write
 * at once) the rows stay locked until the transaction ends, so a change decided here is decided on
 * the latest state: a second node's postback for the same conversion waits, then reads this one's result.
 */
export async function loadConversions(
  sql: Sql,
  clickIds: readonly string[],
  lock: boolean,
): Promise<Map<string, ConversionState[]>> {
  const byClick = new Map<string, ConversionState[]>();
  // Sorted, so transactions lock rows in one order and never wait on each other in a circle.
  const unique = [...new Set(clickIds)].sort();
  for (let start = 0; start < unique.length; start += IDS_PER_QUERY) {
    const chunk = unique.slice(start, start + IDS_PER_QUERY);
    const rows = await sql.query(
      `SELECT click_id, seq, txid, status, network_status, payout_micros, currency, revenue_micros,
              cost_micros, last_event_ms, changes_day, changes_that_day, reported_statuses
         FROM conversions WHERE click_id IN (${placeholders(chunk.length)}) ORDER BY click_id, seq${lock ? ' FOR UPDATE' : ''}`,
      chunk,
    );
    for (const row of rows) {
      const state = stateOf(row);
      const list = byClick.get(state.clickId);
      if (list) list.push(state);
      else byClick.set(state.clickId, [state]);
    }
  }
  return byClick;
}

export interface NewConversion {
  state: ConversionState;
  click: TrackingEvent;
}

export async function insertConversions(
  sql: Sql,
  conversions: readonly NewConversion[],
  now: number,
): Promise<void> {
  const at = timestamp(now);
  await sql.insert(
    'conversions',
    [
      'click_id',
      'seq',
      'txid',
      'status',
      'network_status',
      'payout_micros',
      'currency',
      'revenue_micros',
      'cost_micros',
      { name: 'click_time', timestamp: true },
      'campaign_id',
      'offer_id',
      'affiliate_network_id',
      'traffic_source_id',
      'last_event_ms',
      'changes_day',
      'changes_that_day',
      'reported_statuses',
      { name: 'created_at', timestamp: true },
      { name: 'updated_at', timestamp: true },
    ],
    conversions.map(({ state, click }) => [
      state.clickId,
      state.seq,
      state.txid,
      state.status,
      state.networkStatus,
      state.payout.micros,
      state.payout.currency,
      state.revenueMicros,
      state.costMicros,
      timestamp(click.clickTime),
      click.campaignId,
      click.offerId,
      click.affiliateNetworkId,
      click.trafficSourceId,
      state.lastEventMs,
      state.changesDay,
      state.changesThatDay,
      state.reportedStatuses.join(','),
      at,
      at,
    ]),
  );
}

export async function updateConversion(sql: Sql, state: ConversionState, now: number): Promise<void> {
  await sql.execute(
    `UPDATE conversions SET status = $1, network_status = $2, payout_micros = $3, currency = $4,
            revenue_micros = $5, cost_micros = $6, last_event_ms = $7, updated_at = CAST($8 AS TIMESTAMPTZ),
            changes_day = $11, changes_that_day = $12, reported_statuses = $13
      WHERE click_id = $9 AND seq = $10`,
    [
      state.status,
      state.networkStatus,
      state.payout.micros,
      state.payout.currency,
      state.revenueMicros,
      state.costMicros,
      state.lastEventMs,
      timestamp(now),
      state.clickId,
      state.seq,
      state.changesDay,
      state.changesThatDay,
      state.reportedStatuses.join(','),
    ],
  );
}

// ---------------------------------------------------------------------------------------------------
// The hand-off of conversion events to this node's journal.

/** What a conversion event changes; with its click's dimensions it is the whole event. */
export interface JournalRow {
  batch: string;
  clickId: string;
  seq: number;
  clickMs: number;
  eventMs: number;
  status: string;
  txid: string;
  approved: number;
  pending: number;
  declined: number;
  revenueMicros: number;
  costMicros: number;
}

type JournalTuple = [string, number, number, number, string, string, number, number, number, number, number];

/** A batch's events, as one row of conversion_journal_batches (migration 007). */
export async function insertJournalRows(
  sql: Sql,
  nodeId: string,
  batch: string,
  events: readonly TrackingEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const tuples = events.map(
    (event): JournalTuple => [
      event.clickId,
      event.seq,
      event.clickTime,
      event.time,
      event.status,
      event.txid,
      event.approved,
      event.pending,
      event.declined,
      event.revenueMicros,
      event.costMicros,
    ],
  );
  await sql.execute('INSERT INTO conversion_journal_batches (node_id, batch, events) VALUES ($1, $2, $3)', [
    nodeId,
    batch,
    JSON.stringify(tuples),
  ]);
}

export async function deleteJournalRows(sql: Sql, nodeId: string, batches: readonly string[]): Promise<void> {
  if (batches.length === 0) return;
  await sql.execute(
    `DELETE FROM conversion_journal_batches WHERE node_id = $1 AND batch IN (${placeholders(batches.length, 1)})`,
    [nodeId, ...batches],
  );
}

/** Rows an older version left in conversion_journal (one row per event); gone after one recovery. */
export async function deleteLegacyJournalRows(sql: Sql, nodeId: string): Promise<void> {
  await sql.execute('DELETE FROM conversion_journal WHERE node_id = $1', [nodeId]);
}

function journalRowOf(batch: string, tuple: JournalTuple): JournalRow {
  return {
    batch,
    clickId: tuple[0],
    seq: tuple[1],
    clickMs: tuple[2],
    eventMs: tuple[3],
    status: tuple[4],
    txid: tuple[5],
    approved: tuple[6],
    pending: tuple[7],
    declined: tuple[8],
    revenueMicros: tuple[9],
    costMicros: tuple[10],
  };
}

const isTuple = (value: unknown): value is JournalTuple =>
  Array.isArray(value) &&
  value.length === 11 &&
  typeof value[0] === 'string' &&
  typeof value[4] === 'string' &&
  typeof value[5] === 'string' &&
  [1, 2, 3, 6, 7, 8, 9, 10].every((index) => Number.isSafeInteger(value[index]));

/**
 * The events this node committed and may not have journaled, oldest first; `unreadable` lists the batches
 * whose text is not what insertJournalRows writes (they are left for a person to look at).
 */
export async function journalRowsOf(
  sql: Sql,
  nodeId: string,
): Promise<{ rows: JournalRow[]; unreadable: string[] }> {
  const legacy = await sql.query('SELECT * FROM conversion_journal WHERE node_id = $1', [nodeId]);
  const rows = legacy.map((row) =>
    journalRowOf(String(row.batch), [
      String(row.click_id),
      Number(row.seq),
      Number(row.click_ms),
      Number(row.event_ms),
      String(row.status),
      String(row.txid),
      Number(row.approved),
      Number(row.pending),
      Number(row.declined),
      Number(row.revenue_micros),
      Number(row.cost_micros),
    ]),
  );
  const unreadable: string[] = [];
  for (const row of await sql.query(
    'SELECT batch, events FROM conversion_journal_batches WHERE node_id = $1',
    [nodeId],
  )) {
    const batch = String(row.batch);
    let tuples: unknown;
    try {
      tuples = JSON.parse(String(row.events));
    } catch {
      tuples = null;
    }
    if (!Array.isArray(tuples) || !tuples.every(isTuple)) unreadable.push(batch);
    else for (const tuple of tuples) rows.push(journalRowOf(batch, tuple));
  }
  return { rows: rows.sort((a, b) => a.eventMs - b.eventMs), unreadable };
}

// ---------------------------------------------------------------------------------------------------
// The postback log and the S2S outbox.

export interface LogEntry {
  receivedAt: number;
  via: 'postback' | 'click' | 'pixel' | 'upload';
  ip: string;
  clickId: string;
  query: string;
  httpStatus: number;
  outcome: 'recorded' | 'updated' | 'ignored' | 'refused' | 'invalid' | 'unknown_click' | 'error';
  message: string;
  seq: number | null;
}

export const LOG_QUERY_MAX = 2000;
/**
 * Rows the postback log keeps at most, besides its age limit: traffic nobody authenticated must not grow
 * the config store without bound within the days the log is kept.
 */
export const POSTBACK_LOG_ROWS_MAX = 200_000;

/** Deletes all but the newest `maxRows` log entries (ids grow with every entry). */
export async function prunePostbackLog(sql: Sql, maxRows: number): Promise<void> {
  await sql.execute(
    'DELETE FROM postback_log WHERE id <= (SELECT max(id) FROM postback_log) - CAST($1 AS BIGINT)',
    [maxRows],
  );
}
export const LOG_MESSAGE_MAX = 200;

export async function insertLog(sql: Sql, entries: readonly LogEntry[]): Promise<void> {
  await sql.insert(
    'postback_log',
    [
      { name: 'received_at', timestamp: true },
      'via',
      'ip',
      'click_id',
      'query',
      'http_status',
      'outcome',
      'message',
      'conversion_seq',
    ],
    entries.map((entry) => [
      timestamp(entry.receivedAt),
      entry.via,
      truncateText(entry.ip, 64),
      truncateText(entry.clickId, 64),
      truncateText(entry.query, LOG_QUERY_MAX),
      entry.httpStatus,
      entry.outcome,
      truncateText(entry.message, LOG_MESSAGE_MAX),
      entry.seq,
    ]),
  );
}

export interface OutboxEntry {
  clickId: string;
  seq: number;
  trafficSourceId: number;
  url: string;
  /** pending: to be sent; skipped: kept only to show why nothing was sent. */
  state: 'pending' | 'skipped';
  reason: string | null;
  /** An ad platform's row (integrations/): the account whose token sends it, and the request body. */
  integrationAccountId?: number | null;
  platform?: IntegrationPlatform | null;
  body?: string | null;
  /** What a pending entry records on the conversion as reported; the conversion's status unless said. */
  mark?: string;
}

/** How long the outbox keeps retrying a postback before it gives up. */
export const S2S_RETRY_FOR_MS = 24 * 3600 * 1000;

export async function insertOutbox(sql: Sql, entries: readonly OutboxEntry[], now: number): Promise<void> {
  await sql.insert(
    's2s_outbox',
    [
      'click_id',
      'seq',
      'traffic_source_id',
      'url',
      'state',
      'attempts',
      { name: 'next_attempt_at', timestamp: true },
      { name: 'give_up_at', timestamp: true },
      'last_error',
      { name: 'created_at', timestamp: true },
      'integration_account_id',
      'body',
      'platform',
    ],
    entries.map((entry) => [
      entry.clickId,
      entry.seq,
      entry.trafficSourceId,
      entry.url,
      entry.state,
      0,
      timestamp(now),
      timestamp(now + S2S_RETRY_FOR_MS),
      entry.reason,
      timestamp(now),
      entry.integrationAccountId ?? null,
      entry.body ?? null,
      entry.platform ?? null,
    ]),
  );
}
