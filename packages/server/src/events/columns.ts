import { type ReportDimension, TOKEN_SLOTS } from '@cairn/contract';
import { blankEvent, type EventKind, type TrackingEvent } from './event.ts';

// The event's columns, declared once. Both event stores' DDL and writers, the reading of a stored row,
// the click engine's copy of its enrichment and the reports' plain dimensions are all made from this
// table, so a column is added or renamed here and nowhere else (events/columns.test.ts compares each
// consumer with it, and with the contract's list of report dimensions).

/**
 * How a column is stored. `id`: a 32-bit signed entity id; `small`: 16-bit signed; `uint`: 32-bit unsigned
 * (an autonomous system number: 4-byte ASNs run to 4,294,967,295); `money`: 64-bit micro-units; `time`: ms.
 */
export type ColumnType = 'id' | 'small' | 'uint' | 'money' | 'text' | 'flag' | 'time';

/** The event's fields that hold one stored value each (the tokens are a list, one column per slot). */
export type ScalarField = Exclude<keyof TrackingEvent, 'tokens'>;

export interface EventColumn {
  /** The stored column's name, in both stores. */
  name: string;
  type: ColumnType;
  /** The event's field it stores, or the token slot (0-based). */
  field: ScalarField | { token: number };
  /** The report dimension that groups by this column's value as it is, if one does. */
  dimension: ReportDimension | null;
  /** The fact of the click engine's enrichment it is copied from, if it is one (a key of `Enrichment`). */
  enrichment: string | null;
  /** Text with at most a few thousand distinct values per part: ClickHouse keeps it as dictionary codes. */
  lowCardinality: boolean;
  get(event: TrackingEvent): string | number | boolean;
}

interface ColumnOptions {
  dimension?: ReportDimension;
  enrichment?: string;
  lowCardinality?: boolean;
}

// Each getter is written out rather than made from `field`: the stores' writers call them for every
// event, and one shared `event[field]` would be a megamorphic load at the hottest site of a flush.
function column<F extends ScalarField>(
  name: string,
  type: ColumnType,
  field: F,
  get: (event: TrackingEvent) => TrackingEvent[F],
  options: ColumnOptions = {},
): EventColumn {
  return {
    name,
    type,
    field,
    dimension: options.dimension ?? null,
    enrichment: options.enrichment ?? null,
    lowCardinality: options.lowCardinality ?? false,
    get: get as EventColumn['get'],
  };
}

function tokenColumn(slot: number): EventColumn {
  return {
    name: `t${slot + 1}`,
    type: 'text',
    field: { token: slot },
    dimension: `token_${slot + 1}` as ReportDimension,
    enrichment: null,
    lowCardinality: false,
    get: (e) => e.tokens[slot] ?? '',
  };
}

/** A dimension column copied from the enrichment of the same name. */
const fact = (dimension: ReportDimension, lowCardinality = true): ColumnOptions => ({
  dimension,
  lowCardinality,
});

/** Every stored column in table order. */
export const EVENT_COLUMNS: readonly EventColumn[] = [
  column('kind', 'small', 'kind', (e) => e.kind),
  column('ts', 'time', 'time', (e) => e.time),
  column('click_id', 'text', 'clickId', (e) => e.clickId),
  column('seq', 'small', 'seq', (e) => e.seq),
  column('click_ts', 'time', 'clickTime', (e) => e.clickTime),
  column('campaign_id', 'id', 'campaignId', (e) => e.campaignId, { dimension: 'campaign' }),
  column('campaign_group_id', 'id', 'campaignGroupId', (e) => e.campaignGroupId, { dimension: 'group' }),
  column('traffic_source_id', 'id', 'trafficSourceId', (e) => e.trafficSourceId, {
    dimension: 'traffic_source',
  }),
  column('rotation_id', 'id', 'rotationId', (e) => e.rotationId, { dimension: 'rotation' }),
  column('rule', 'small', 'rule', (e) => e.rule),
  column('path', 'small', 'path', (e) => e.path),
  column('landing_id', 'id', 'landingId', (e) => e.landingId, { dimension: 'landing' }),
  column('offer_id', 'id', 'offerId', (e) => e.offerId, { dimension: 'offer' }),
  column('affiliate_network_id', 'id', 'affiliateNetworkId', (e) => e.affiliateNetworkId, {
    dimension: 'affiliate_network',
  }),
  column('country', 'text', 'country', (e) => e.country, { ...fact('country'), enrichment: 'countryCode' }),
  column('region', 'text', 'region', (e) => e.region, { ...fact('region'), enrichment: 'region' }),
  column('city', 'text', 'city', (e) => e.city, { ...fact('city'), enrichment: 'city' }),
  column('isp', 'text', 'isp', (e) => e.isp, { ...fact('isp', false), enrichment: 'isp' }),
  column('asn', 'uint', 'asn', (e) => e.asn, { enrichment: 'asn' }),
  column('connection_type', 'text', 'connectionType', (e) => e.connectionType, {
    ...fact('connection_type'),
    enrichment: 'connectionType',
  }),
  column('device_type', 'text', 'deviceType', (e) => e.deviceType, {
    ...fact('device_type'),
    enrichment: 'deviceType',
  }),
  column('brand', 'text', 'brand', (e) => e.brand, { ...fact('brand'), enrichment: 'brand' }),
  column('model', 'text', 'model', (e) => e.model, { ...fact('model'), enrichment: 'model' }),
  column('os', 'text', 'os', (e) => e.os, { ...fact('os'), enrichment: 'os' }),
  column('os_version', 'text', 'osVersion', (e) => e.osVersion, {
    ...fact('os_version'),
    enrichment: 'osVersion',
  }),
  column('browser', 'text', 'browser', (e) => e.browser, { ...fact('browser'), enrichment: 'browser' }),
  column('browser_version', 'text', 'browserVersion', (e) => e.browserVersion, {
    ...fact('browser_version'),
    enrichment: 'browserVersion',
  }),
  column('language', 'text', 'language', (e) => e.language, { ...fact('language'), enrichment: 'language' }),
  column('ip', 'text', 'ip', (e) => e.ip, { ...fact('ip', false), enrichment: 'ip' }),
  column('referrer_domain', 'text', 'referrerDomain', (e) => e.referrerDomain, {
    ...fact('referrer_domain', false),
    enrichment: 'referrerDomain',
  }),
  column('user_agent', 'text', 'userAgent', (e) => e.userAgent),
  column('is_unique', 'flag', 'isUnique', (e) => e.isUnique, { dimension: 'unique' }),
  column('is_bot', 'flag', 'isBot', (e) => e.isBot, { dimension: 'bot', enrichment: 'isBot' }),
  column('external_id', 'text', 'externalId', (e) => e.externalId),
  ...Array.from({ length: TOKEN_SLOTS }, (_, slot) => tokenColumn(slot)),
  column('cost_micros', 'money', 'costMicros', (e) => e.costMicros),
  column('revenue_micros', 'money', 'revenueMicros', (e) => e.revenueMicros),
  column('status', 'text', 'status', (e) => e.status, {
    dimension: 'conversion_status',
    lowCardinality: true,
  }),
  column('txid', 'text', 'txid', (e) => e.txid),
  column('approved', 'small', 'approved', (e) => e.approved),
  column('pending', 'small', 'pending', (e) => e.pending),
  column('declined', 'small', 'declined', (e) => e.declined),
  // Added after the others: the stores add it to existing tables at the end (their migrations), so a
  // table's column order stays the order here.
  column('event_slot', 'small', 'eventSlot', (e) => e.eventSlot),
];

const DUCKDB_TYPES: Record<ColumnType, string> = {
  id: 'INTEGER',
  small: 'SMALLINT',
  uint: 'UINTEGER',
  money: 'BIGINT',
  text: 'VARCHAR',
  flag: 'BOOLEAN',
  time: 'TIMESTAMP',
};

const CLICKHOUSE_TYPES: Record<ColumnType, string> = {
  id: 'Int32',
  small: 'Int16',
  uint: 'UInt32',
  money: 'Int64',
  text: 'String',
  flag: 'UInt8',
  time: "DateTime('UTC')",
};

export function duckdbType(column: Pick<EventColumn, 'type'>): string {
  return DUCKDB_TYPES[column.type];
}

export function clickhouseType(column: Pick<EventColumn, 'type' | 'lowCardinality'>): string {
  const type = CLICKHOUSE_TYPES[column.type];
  return column.lowCardinality ? `LowCardinality(${type})` : type;
}

/** The column stored under `name`; throws for a name the table does not have (a typo in a query). */
export function eventColumn(name: string): EventColumn {
  const found = EVENT_COLUMNS.find((c) => c.name === name);
  if (!found) throw new Error(`no event column ${name}`);
  return found;
}

function timeOf(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string')
    return Date.parse(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
  return 0;
}

function storedValue(type: ColumnType, value: unknown): string | number | boolean {
  switch (type) {
    case 'text':
      return String(value ?? '');
    case 'flag':
      return Boolean(value) && value !== 0;
    case 'time':
      return timeOf(value);
    default:
      return Number(value ?? 0);
  }
}

/** Reads a stored row (the columns by name) back into an event. */
export function eventFromRow(row: Record<string, unknown>): TrackingEvent {
  const event = blankEvent(Number(row.kind ?? 0) as EventKind, '', 0);
  const fields = event as unknown as Record<ScalarField, unknown>;
  for (const column of EVENT_COLUMNS) {
    const value = storedValue(column.type, row[column.name]);
    if (typeof column.field === 'string') fields[column.field] = value;
    else event.tokens[column.field.token] = value as string;
  }
  return event;
}

/**
 * A row as either store keeps it, as its event: ClickHouse's ts holds whole seconds and keeps the
 * milliseconds apart (ts_ms, click_ts_ms); DuckDB's ts holds them itself.
 */
export function eventFromStoredRow(row: Record<string, unknown>): TrackingEvent {
  const event = eventFromRow(row);
  event.time += Number(row.ts_ms ?? 0);
  event.clickTime += Number(row.click_ts_ms ?? 0);
  return event;
}
