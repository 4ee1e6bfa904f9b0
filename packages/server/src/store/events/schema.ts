import { TOKEN_SLOTS } from '@cairn/contract';

// One wide, append-only table holds every tracking event. A lander click and a conversion copy the
// dimensions of the click they belong to, so every report is one GROUP BY over this table, never a join.
// A conversion whose status or payout changes later is not updated in place: a correcting event carries
// the differences (say approved +1, pending -1), so sums stay right and the history stays visible.

export const EVENT_KIND = { click: 1, lpClick: 2, conversion: 3 } as const;
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND];

export interface TrackingEvent {
  kind: EventKind;
  clickId: string;
  /** 0 for the click itself; LP clicks and conversions of one click count up from 1, per kind. */
  seq: number;
  /** When this event happened (ms, UTC). */
  time: number;
  /** When its click happened (ms, UTC); equal to `time` for a click. */
  clickTime: number;
  campaignId: number;
  campaignGroupId: number;
  trafficSourceId: number;
  rotationId: number;
  /** 0: the default paths took the click; n: the rule at index n - 1 of the flow. */
  rule: number;
  /** Index of the path within its rule (or the default paths) plus 1; 0 when unknown. */
  path: number;
  landingId: number;
  offerId: number;
  affiliateNetworkId: number;
  country: string;
  region: string;
  city: string;
  isp: string;
  asn: number;
  connectionType: string;
  deviceType: string;
  brand: string;
  model: string;
  os: string;
  osVersion: string;
  browser: string;
  browserVersion: string;
  language: string;
  ip: string;
  referrerDomain: string;
  userAgent: string;
  isUnique: boolean;
  isBot: boolean;
  externalId: string;
  /** Token values by slot: tokens[0] is t1. Always TOKEN_SLOTS long. */
  tokens: string[];
  costMicros: number;
  revenueMicros: number;
  /** Conversion status after this event ('' for clicks). */
  status: string;
  txid: string;
  /** Differences this event makes to the conversion counts. */
  approved: number;
  pending: number;
  declined: number;
}

/**
 * How a column is stored. `id`: a 32-bit signed entity id; `small`: 16-bit signed; `uint`: 32-bit unsigned
 * (an autonomous system number: 4-byte ASNs run to 4,294,967,295); `money`: 64-bit micro-units; `time`: ms.
 */
export type ColumnType = 'id' | 'small' | 'uint' | 'money' | 'text' | 'flag' | 'time';

export interface EventColumn {
  name: string;
  type: ColumnType;
  get(event: TrackingEvent): string | number | boolean;
}

const column = (
  name: string,
  type: ColumnType,
  get: (event: TrackingEvent) => string | number | boolean,
): EventColumn => ({ name, type, get });

/** Every stored column in table order; adapters derive their DDL and writers from this list. */
export const EVENT_COLUMNS: readonly EventColumn[] = [
  column('kind', 'small', (e) => e.kind),
  column('ts', 'time', (e) => e.time),
  column('click_id', 'text', (e) => e.clickId),
  column('seq', 'small', (e) => e.seq),
  column('click_ts', 'time', (e) => e.clickTime),
  column('campaign_id', 'id', (e) => e.campaignId),
  column('campaign_group_id', 'id', (e) => e.campaignGroupId),
  column('traffic_source_id', 'id', (e) => e.trafficSourceId),
  column('rotation_id', 'id', (e) => e.rotationId),
  column('rule', 'small', (e) => e.rule),
  column('path', 'small', (e) => e.path),
  column('landing_id', 'id', (e) => e.landingId),
  column('offer_id', 'id', (e) => e.offerId),
  column('affiliate_network_id', 'id', (e) => e.affiliateNetworkId),
  column('country', 'text', (e) => e.country),
  column('region', 'text', (e) => e.region),
  column('city', 'text', (e) => e.city),
  column('isp', 'text', (e) => e.isp),
  column('asn', 'uint', (e) => e.asn),
  column('connection_type', 'text', (e) => e.connectionType),
  column('device_type', 'text', (e) => e.deviceType),
  column('brand', 'text', (e) => e.brand),
  column('model', 'text', (e) => e.model),
  column('os', 'text', (e) => e.os),
  column('os_version', 'text', (e) => e.osVersion),
  column('browser', 'text', (e) => e.browser),
  column('browser_version', 'text', (e) => e.browserVersion),
  column('language', 'text', (e) => e.language),
  column('ip', 'text', (e) => e.ip),
  column('referrer_domain', 'text', (e) => e.referrerDomain),
  column('user_agent', 'text', (e) => e.userAgent),
  column('is_unique', 'flag', (e) => e.isUnique),
  column('is_bot', 'flag', (e) => e.isBot),
  column('external_id', 'text', (e) => e.externalId),
  ...Array.from({ length: TOKEN_SLOTS }, (_, index) =>
    column(`t${index + 1}`, 'text', (e) => e.tokens[index] ?? ''),
  ),
  column('cost_micros', 'money', (e) => e.costMicros),
  column('revenue_micros', 'money', (e) => e.revenueMicros),
  column('status', 'text', (e) => e.status),
  column('txid', 'text', (e) => e.txid),
  column('approved', 'small', (e) => e.approved),
  column('pending', 'small', (e) => e.pending),
  column('declined', 'small', (e) => e.declined),
];

const NO_TOKENS: readonly string[] = Array.from({ length: TOKEN_SLOTS }, () => '');

/** TOKEN_SLOTS empty token values: a copy of a packed array (Array.prototype.fill is a runtime call). */
export function emptyTokens(): string[] {
  return NO_TOKENS.slice();
}

/**
 * An event with every dimension empty, for building events field by field (and in tests); `tokens` are
 * its token values when the caller has them (TOKEN_SLOTS long).
 */
export function blankEvent(
  kind: EventKind,
  clickId: string,
  time: number,
  tokens: string[] = emptyTokens(),
): TrackingEvent {
  return {
    kind,
    clickId,
    seq: 0,
    time,
    clickTime: time,
    campaignId: 0,
    campaignGroupId: 0,
    trafficSourceId: 0,
    rotationId: 0,
    rule: 0,
    path: 0,
    landingId: 0,
    offerId: 0,
    affiliateNetworkId: 0,
    country: '',
    region: '',
    city: '',
    isp: '',
    asn: 0,
    connectionType: '',
    deviceType: '',
    brand: '',
    model: '',
    os: '',
    osVersion: '',
    browser: '',
    browserVersion: '',
    language: '',
    ip: '',
    referrerDomain: '',
    userAgent: '',
    isUnique: false,
    isBot: false,
    externalId: '',
    tokens,
    costMicros: 0,
    revenueMicros: 0,
    status: '',
    txid: '',
    approved: 0,
    pending: 0,
    declined: 0,
  };
}

/** Reads a stored row (snake_case columns) back into an event. */
export function eventFromRow(row: Record<string, unknown>): TrackingEvent {
  const num = (name: string): number => Number(row[name] ?? 0);
  const text = (name: string): string => String(row[name] ?? '');
  const time = (name: string): number => {
    const value = row[name];
    if (value instanceof Date) return value.getTime();
    if (typeof value === 'number') return value;
    if (typeof value === 'string')
      return Date.parse(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
    return 0;
  };
  return {
    kind: num('kind') as EventKind,
    clickId: text('click_id'),
    seq: num('seq'),
    time: time('ts'),
    clickTime: time('click_ts'),
    campaignId: num('campaign_id'),
    campaignGroupId: num('campaign_group_id'),
    trafficSourceId: num('traffic_source_id'),
    rotationId: num('rotation_id'),
    rule: num('rule'),
    path: num('path'),
    landingId: num('landing_id'),
    offerId: num('offer_id'),
    affiliateNetworkId: num('affiliate_network_id'),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    isp: text('isp'),
    asn: num('asn'),
    connectionType: text('connection_type'),
    deviceType: text('device_type'),
    brand: text('brand'),
    model: text('model'),
    os: text('os'),
    osVersion: text('os_version'),
    browser: text('browser'),
    browserVersion: text('browser_version'),
    language: text('language'),
    ip: text('ip'),
    referrerDomain: text('referrer_domain'),
    userAgent: text('user_agent'),
    isUnique: Boolean(row.is_unique) && row.is_unique !== 0,
    isBot: Boolean(row.is_bot) && row.is_bot !== 0,
    externalId: text('external_id'),
    tokens: Array.from({ length: TOKEN_SLOTS }, (_, index) => text(`t${index + 1}`)),
    costMicros: num('cost_micros'),
    revenueMicros: num('revenue_micros'),
    status: text('status'),
    txid: text('txid'),
    approved: num('approved'),
    pending: num('pending'),
    declined: num('declined'),
  };
}
