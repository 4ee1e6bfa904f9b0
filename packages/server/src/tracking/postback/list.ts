import {
  CONVERSION_FILTERS,
  CONVERSION_STATUSES,
  type ConversionFilter,
  type ConversionListQuery,
  type ConversionListResponse,
  type ConversionRow,
  type ConversionStatus,
  type S2sDelivery,
} from '@cairn/contract';
import type { ConfigStore, Row, SqlParam } from '../../store/config/port.ts';
import type { EventStore } from '../../store/events/port.ts';
import { EVENT_KIND } from '../../store/events/schema.ts';
import { clickTimeOf } from '../clickId.ts';
import { rangeOf } from './range.ts';

// The conversion log: conversions from the event store (kind 3), one row per conversion however many
// correcting events it has, newest first, paged by a cursor on (time, click id, seq); joined in memory
// with what only the config store knows (the network's own status text and currency, S2S delivery)
// and with the names of the campaign, offer, network and source.

export type ConversionFilters = Partial<Record<ConversionFilter, (string | number)[]>>;

export type FilterParse = { ok: true; filters: ConversionFilters } | { ok: false; message: string };

const FILTER_VALUES_MAX = 100;

/** Reads `filter[name]=v1,v2` parameters; unknown names and malformed values are refused. */
export function parseFilters(query: URLSearchParams): FilterParse {
  const filters: ConversionFilters = {};
  for (const [key, value] of query) {
    const match = /^filter\[(\w{1,40})\]$/.exec(key);
    if (!match) continue;
    const name = match[1] as ConversionFilter;
    const type = CONVERSION_FILTERS[name];
    if (!type) return { ok: false, message: `Cannot filter conversions by "${match[1]}"` };
    const parts = value.split(',').map((part) => part.trim());
    if (parts.length > FILTER_VALUES_MAX)
      return { ok: false, message: `filter[${name}] takes at most 100 values` };
    if (type === 'id') {
      if (!parts.every((part) => /^\d{1,15}$/.test(part))) {
        return { ok: false, message: `filter[${name}] is a comma-separated list of ids` };
      }
      filters[name] = parts.map(Number);
    } else if (name === 'conversion_status') {
      if (!parts.every((part) => (CONVERSION_STATUSES as readonly string[]).includes(part))) {
        return { ok: false, message: `filter[conversion_status] takes ${CONVERSION_STATUSES.join(', ')}` };
      }
      filters[name] = parts;
    } else {
      if (!parts.every((part) => /^[A-Za-z]{2}$/.test(part))) {
        return { ok: false, message: `filter[${name}] is a comma-separated list of 2-letter country codes` };
      }
      filters[name] = parts.map((part) => part.toUpperCase());
    }
  }
  return { ok: true, filters };
}

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

/** Event-store timestamps are UTC wall times; ISO text without the zone compares with them. */
const wallTime = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

const COLUMN_OF: Record<Exclude<ConversionFilter, 'conversion_status'>, string> = {
  campaign: 'campaign_id',
  offer: 'offer_id',
  affiliate_network: 'affiliate_network_id',
  traffic_source: 'traffic_source_id',
  country: 'country',
};

export interface ListOptions {
  query: ConversionListQuery;
  filters: ConversionFilters;
  /** The campaigns the caller may see; null: all. */
  campaignScope: number[] | null;
  now: number;
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
  const { query, filters } = options;
  const range = rangeOf(query.preset, query.timezone, options.now, query.from, query.to);
  const ms = (expr: string) =>
    events.dialect === 'clickhouse' ? `toUnixTimestamp64Milli(${expr})` : `epoch_ms(${expr})`;
  const params: SqlParam[] = [wallTime(range.from), wallTime(range.to)];
  const where = [`kind = ${EVENT_KIND.conversion}`, 'ts >= $1'];
  const having = ['min(ts) < $2'];
  const add = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  for (const [name, values] of Object.entries(filters) as [ConversionFilter, (string | number)[]][]) {
    if (name === 'conversion_status') having.push(`argMax(status, ts) IN (${values.map(add).join(', ')})`);
    else where.push(`${COLUMN_OF[name]} IN (${values.map(add).join(', ')})`);
  }
  if (options.campaignScope !== null) {
    where.push(
      options.campaignScope.length === 0
        ? 'FALSE'
        : `campaign_id IN (${options.campaignScope.filter(Number.isSafeInteger).join(', ')})`,
    );
  }
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !cursor) throw new RangeError('cursor is not one this list handed out');
  if (cursor) {
    const at = add(wallTime(cursor.ms));
    const id = add(cursor.clickId);
    const seq = add(cursor.seq);
    having.push(
      `(min(ts) < ${at} OR (min(ts) = ${at} AND (click_id < ${id} OR (click_id = ${id} AND seq < ${seq}))))`,
    );
  }
  const rows = await events.query(
    `SELECT click_id, seq, ${ms('min(ts)')} AS first_ms, ${ms('max(ts)')} AS last_ms,
            ${ms('min(click_ts)')} AS click_ms, min(campaign_id) AS campaign_id, min(offer_id) AS offer_id,
            min(affiliate_network_id) AS network_id, min(traffic_source_id) AS source_id,
            min(country) AS country, argMax(status, ts) AS status, max(txid) AS txid,
            sum(revenue_micros) AS revenue, sum(cost_micros) AS cost
       FROM events WHERE ${where.join(' AND ')}
      GROUP BY click_id, seq HAVING ${having.join(' AND ')}
      ORDER BY first_ms DESC, click_id DESC, seq DESC LIMIT ${query.limit + 1}`,
    params,
  );
  const page = rows.slice(0, query.limit);
  const clickIds = [...new Set(page.map((row) => String(row.click_id)))];
  const [campaigns, offers, networks, sources, states, deliveries] = await Promise.all([
    namesOf(
      store,
      'campaigns',
      page.map((row) => Number(row.campaign_id)),
    ),
    namesOf(
      store,
      'offers',
      page.map((row) => Number(row.offer_id)),
    ),
    namesOf(
      store,
      'affiliate_networks',
      page.map((row) => Number(row.network_id)),
    ),
    namesOf(
      store,
      'traffic_sources',
      page.map((row) => Number(row.source_id)),
    ),
    byConversion(
      store,
      'SELECT click_id, seq, network_status, payout_micros, currency FROM conversions',
      clickIds,
    ),
    byConversion(
      store,
      'SELECT click_id, seq, state, attempts, last_status, last_error, next_attempt_at, delivered_at FROM s2s_outbox',
      clickIds,
      ' ORDER BY id',
    ),
  ]);
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
      campaign: ref(campaigns, Number(row.campaign_id)),
      offer: ref(offers, Number(row.offer_id)),
      affiliateNetwork: ref(networks, Number(row.network_id)),
      trafficSource: ref(sources, Number(row.source_id)),
      country: String(row.country ?? ''),
      status: String(row.status) as ConversionStatus,
      networkStatus: state ? String(state.network_status ?? '') : '',
      txid: String(row.txid ?? ''),
      revenueMicros: Number(row.revenue),
      costMicros: Number(row.cost),
      s2s: delivery(deliveries.get(`${clickId}:${seq}`)),
    };
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

function delivery(row: Row | undefined): S2sDelivery {
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
    lastStatus: row.last_status === null || row.last_status === undefined ? null : Number(row.last_status),
    lastError: row.last_error === null || row.last_error === undefined ? null : String(row.last_error),
    nextAttemptAt: state === 'pending' ? isoOrNull(row.next_attempt_at) : null,
    deliveredAt: isoOrNull(row.delivered_at),
  };
}
