import {
  type ConversionDelivery,
  type ConversionListQuery,
  type ConversionListResponse,
  type ConversionRow,
  type ConversionStatus,
  DELIVERY_DESTINATIONS,
  type DeliveryDestination,
  type ReportFilters,
  type S2sDelivery,
} from '@cairn/contract';
import { clickTimeOf } from '../../events/clickId.ts';
import { EVENT_KIND } from '../../events/event.ts';
import type { ConfigStore, Row } from '../../store/config/port.ts';
import type { EventStore } from '../../store/events/port.ts';
import { SqlBuilder, whereSql } from '../plan/sql.ts';
import { ReportService } from '../service.ts';

// The conversion log: conversions from the event store (kind 3), one row per conversion however many
// correcting events it has, newest first, paged by a cursor on (time, click id, seq); joined in memory
// with what only the config store knows (the network's own status text and currency, S2S delivery)
// and with the names of the campaign, offer, network and source. Range, zone and filters are the
// reports' own (their SQL builder writes the conditions).

interface Cursor {
  ms: number;
  clickId: string;
  seq: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.ms, cursor.clickId, cursor.seq])).toString('base64url');
}

/** The cursor a previous page handed out; null when it is not one. */
export function decodeCursor(text: string): Cursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [ms, clickId, seq] = value as unknown[];
    if (!Number.isSafeInteger(ms) || !Number.isSafeInteger(seq) || clickTimeOf(clickId) === null) return null;
    return { ms: ms as number, clickId: clickId as string, seq: seq as number };
  } catch {
    return null;
  }
}

export interface ListOptions {
  query: ConversionListQuery;
  /** The campaigns the caller may see; null: all. */
  campaignIds: readonly number[] | null;
  now: () => number;
  /** Admins read why a delivery failed; other users its state only. */
  showDeliveryDetail: boolean;
  /**
   * Hide-profit: besides revenue (the api plugin's filter), the cost of conversions on campaigns that are
   * not CPA is left out: a RevShare cost is a share of the revenue and would give it away.
   */
  hideProfit: boolean;
  /** Only the conversions of this click, read from the click's time on (the range is not looked at). */
  click?: { id: string; time: number };
}

const msOf = (value: unknown): number | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.getTime()
      : typeof value === 'string'
        ? Date.parse(value)
        : Number(value);
const isoOrNull = (value: unknown): string | null => {
  const ms = msOf(value);
  return ms === null || Number.isNaN(ms) ? null : new Date(ms).toISOString();
};

async function namesOf(store: ConfigStore, table: string, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return new Map();
  const rows = await store.query<{ id: number; name: string }>(
    `SELECT id, name FROM ${table} WHERE id IN (${unique.map((_, index) => `$${index + 1}`).join(', ')})`,
    unique,
  );
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
}

export async function listConversions(
  events: EventStore,
  store: ConfigStore,
  options: ListOptions,
): Promise<ConversionListResponse> {
  const { query } = options;
  const reports = new ReportService(events, store, options.now);
  const prepared = await reports.prepare(query, { campaignIds: options.campaignIds }, false);
  if (prepared.empty) return { rows: [], nextCursor: null };
  const { conversion_status: statuses, ...filters } = query.filters as ReportFilters;
  const builder = new SqlBuilder(reports.dialect, prepared.segments);
  const { dialect, env } = builder;
  // Events are read from the range's start on, so changes made after its end still count; which
  // conversions belong to the range is decided by when they arrived (their first event).
  const click = options.click;
  const from = click ? click.time : prepared.range.from;
  const scoped = whereSql(builder, { ...prepared, filters, range: { from, to: null } });
  const where = click ? `${scoped} AND click_id = ${env.bind(click.id)}` : scoped;
  // To the millisecond: ClickHouse keeps the milliseconds of ts apart (see the dialect's epochMs). No
  // alias is a column's name: ClickHouse would read the aggregate where the conditions name the column.
  const ms = dialect.epochMs('ts');
  const having: string[] = [];
  if (prepared.range.to !== null && !click) having.push(`min(${ms}) < ${Math.trunc(prepared.range.to)}`);
  if (statuses && statuses.length > 0) {
    having.push(
      `argMax(status, ${ms}) IN (${statuses.map((status) => env.bind(String(status))).join(', ')})`,
    );
  }
  const cursor = query.cursor === null ? null : decodeCursor(query.cursor);
  if (query.cursor !== null && !cursor) throw new RangeError('Not a cursor this API handed out');
  if (cursor) {
    const at = Math.trunc(cursor.ms);
    const id = env.bind(cursor.clickId);
    having.push(
      `(min(${ms}) < ${at} OR (min(${ms}) = ${at} AND (click_id < ${id} OR (click_id = ${id} AND seq < ${cursor.seq}))))`,
    );
  }
  const sql = builder.done(
    `SELECT click_id, seq, min(${ms}) AS first_ms, max(${ms}) AS last_ms,
            min(${dialect.epochMs('click_ts')}) AS click_ms, min(campaign_id) AS first_campaign, min(offer_id) AS first_offer,
            min(affiliate_network_id) AS first_network, min(traffic_source_id) AS first_source,
            min(country) AS first_country, argMax(status, ${ms}) AS last_status, max(txid) AS last_txid,
            sum(revenue_micros) AS revenue, sum(cost_micros) AS cost
       FROM events WHERE kind = ${EVENT_KIND.conversion} AND ${where}
      GROUP BY click_id, seq${having.length > 0 ? ` HAVING ${having.join(' AND ')}` : ''}
      ORDER BY first_ms DESC, click_id DESC, seq DESC LIMIT ${query.limit + 1}`,
  );
  const rows = await events.query(sql.text, sql.params);
  const page = rows.slice(0, query.limit);
  const clickIds = [...new Set(page.map((row) => String(row.click_id)))];
  const [campaigns, offers, networks, sources, states, deliveries] = await Promise.all([
    namesOf(
      store,
      'campaigns',
      page.map((row) => Number(row.first_campaign)),
    ),
    namesOf(
      store,
      'offers',
      page.map((row) => Number(row.first_offer)),
    ),
    namesOf(
      store,
      'affiliate_networks',
      page.map((row) => Number(row.first_network)),
    ),
    namesOf(
      store,
      'traffic_sources',
      page.map((row) => Number(row.first_source)),
    ),
    byConversion(
      store,
      'SELECT click_id, seq, network_status, payout_micros, currency FROM conversions',
      clickIds,
    ),
    outboxRows(store, clickIds),
  ]);
  const fixedPrice = options.hideProfit
    ? await cpaCampaigns(
        store,
        page.map((row) => Number(row.first_campaign)),
      )
    : new Set<number>();
  const ref = (names: Map<number, string>, id: number) =>
    id > 0 ? { id, name: names.get(id) ?? `#${id}` } : null;
  const result: ConversionRow[] = page.map((row) => {
    const clickId = String(row.click_id);
    const seq = Number(row.seq);
    const state = states.get(`${clickId}:${seq}`);
    const time = Number(row.first_ms);
    const clickTime = Number(row.click_ms);
    const converted: ConversionRow = {
      clickId,
      seq,
      time: new Date(time).toISOString(),
      clickTime: new Date(clickTime).toISOString(),
      timeToConvertSeconds: Math.max(0, Math.round((time - clickTime) / 1000)),
      updatedAt: new Date(Number(row.last_ms)).toISOString(),
      campaign: ref(campaigns, Number(row.first_campaign)),
      offer: ref(offers, Number(row.first_offer)),
      affiliateNetwork: ref(networks, Number(row.first_network)),
      trafficSource: ref(sources, Number(row.first_source)),
      country: String(row.first_country ?? ''),
      status: String(row.last_status) as ConversionStatus,
      networkStatus: state ? String(state.network_status ?? '') : '',
      txid: String(row.last_txid ?? ''),
      revenueMicros: Number(row.revenue),
      s2s: delivery(deliveries.get(`${clickId}:${seq}`)?.get('s2s'), options.showDeliveryDetail),
      deliveries: [...(deliveries.get(`${clickId}:${seq}`) ?? new Map<DeliveryDestination, Row>())]
        .sort(([a], [b]) => DELIVERY_DESTINATIONS.indexOf(a) - DELIVERY_DESTINATIONS.indexOf(b))
        .map(([destination, outbox]) => destinationDelivery(destination, outbox, options.showDeliveryDetail)),
    };
    if (!options.hideProfit || fixedPrice.has(Number(row.first_campaign)))
      converted.costMicros = Number(row.cost);
    if (state) {
      converted.revenueOriginalMicros = Number(state.payout_micros);
      converted.revenueCurrency = String(state.currency);
    }
    return converted;
  });
  const last = result.at(-1);
  return {
    rows: result,
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ ms: Date.parse(last.time), clickId: last.clickId, seq: last.seq })
        : null,
  };
}

/** Which of these campaigns charge a fixed price per conversion (CPA), a cost that tells nothing of revenue. */
async function cpaCampaigns(store: ConfigStore, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return new Set();
  const rows = await store.query<{ id: number }>(
    `SELECT id FROM campaigns WHERE cost_model = 'cpa' AND id IN (${unique.map((_, index) => `$${index + 1}`).join(', ')})`,
    unique,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Rows of a config-store table for these clicks, by `click:seq` (the last row wins). */
async function byConversion(
  store: ConfigStore,
  select: string,
  clickIds: string[],
  order = '',
): Promise<Map<string, Row>> {
  const map = new Map<string, Row>();
  if (clickIds.length === 0) return map;
  const rows = await store.query(
    `${select} WHERE click_id IN (${clickIds.map((_, index) => `$${index + 1}`).join(', ')})${order}`,
    clickIds,
  );
  for (const row of rows) map.set(`${row.click_id}:${Number(row.seq)}`, row);
  return map;
}

/**
 * Where an outbox row goes: the platform written on it, else (rows queued before it was written) its
 * account's; a row naming neither an account nor a platform is the traffic source's postback. A row
 * whose account was deleted before its platform was written cannot be told apart and is left out.
 */
export const OUTBOX_DESTINATION_SQL = `CASE WHEN o.integration_account_id IS NULL THEN 's2s'
       ELSE coalesce(o.platform, (SELECT a.platform FROM integration_accounts a
                                   WHERE a.id = o.integration_account_id)) END`;

/**
 * The newest outbox row of each destination, by conversion (`click:seq`), for every conversion of these
 * clicks: one query for the page.
 */
async function outboxRows(
  store: ConfigStore,
  clickIds: string[],
): Promise<Map<string, Map<DeliveryDestination, Row>>> {
  const map = new Map<string, Map<DeliveryDestination, Row>>();
  if (clickIds.length === 0) return map;
  const rows = await store.query(
    `SELECT o.click_id, o.seq, o.state, o.attempts, o.last_status, o.last_error, o.next_attempt_at,
            o.delivered_at, o.last_attempt_at, ${OUTBOX_DESTINATION_SQL} AS destination
       FROM s2s_outbox o
      WHERE o.click_id IN (${clickIds.map((_, index) => `$${index + 1}`).join(', ')}) ORDER BY o.id`,
    clickIds,
  );
  for (const row of rows) {
    const destination = String(row.destination) as DeliveryDestination;
    if (!DELIVERY_DESTINATIONS.includes(destination)) continue;
    const key = `${row.click_id}:${Number(row.seq)}`;
    const byDestination = map.get(key) ?? new Map<DeliveryDestination, Row>();
    byDestination.set(destination, row);
    map.set(key, byDestination);
  }
  return map;
}

function destinationDelivery(
  destination: DeliveryDestination,
  row: Row,
  detail: boolean,
): ConversionDelivery {
  const shown = delivery(row, detail);
  return {
    destination,
    state: shown.state,
    attempts: shown.attempts,
    lastStatus: shown.lastStatus,
    lastError: shown.lastError,
    lastAttemptAt: isoOrNull(row.last_attempt_at),
    deliveredAt: shown.deliveredAt,
  };
}

/** An outbox row as the API shows it; `detail` (admins) adds the last answer and error. */
export function delivery(row: Row | undefined, detail: boolean): S2sDelivery {
  if (!row) {
    return {
      state: 'none',
      attempts: 0,
      lastStatus: null,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: null,
    };
  }
  const state = String(row.state) as S2sDelivery['state'];
  return {
    state,
    attempts: Number(row.attempts),
    lastStatus:
      !detail || row.last_status === null || row.last_status === undefined ? null : Number(row.last_status),
    lastError:
      !detail || row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
    nextAttemptAt: state === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    deliveredAt: isoOrNull(row.delivered_at),
  };
}
