import { TOKEN_SLOTS } from '@cairn/contract';
import { type ColumnType, EVENT_COLUMNS } from './columns.ts';
import type { EventKind, TrackingEvent } from './event.ts';

// The journal's line format. A segment starts with a header naming its columns; each event is then one
// JSON array of the EVENT_COLUMNS values in that order (flags as 0/1): no keys repeated on every line,
// and a segment written before a schema change still decodes after it (by the header's names).

export const JOURNAL_FORMAT = 1;
export const HEADER_LINE = JSON.stringify({
  cairnJournal: JOURNAL_FORMAT,
  columns: EVENT_COLUMNS.map((column) => column.name),
});

const COLUMN_COUNT = EVENT_COLUMNS.length;
const TYPES: readonly ColumnType[] = EVENT_COLUMNS.map((column) => column.type);
const encoded: (string | number)[] = new Array(COLUMN_COUNT);
const flag = (value: boolean) => (value === true ? 1 : value === false ? 0 : Number.NaN);
/** Whole milliseconds and micro-units, as the stores keep them; anything not a number is left to fail. */
const whole = (value: number) => (typeof value === 'number' ? Math.trunc(value) : value);

/** One journal line (without its newline); throws a TypeError for a value the stores cannot hold. */
export function encodeEvent(event: TrackingEvent): string {
  valuesOf(event, encoded);
  for (let index = 0; index < COLUMN_COUNT; index += 1) {
    const value = encoded[index];
    if (!fits(TYPES[index] as ColumnType, value)) {
      const name = EVENT_COLUMNS[index]?.name;
      throw new TypeError(
        `Event ${String(event.clickId).slice(0, 40)}: ${name} cannot be ${String(value).slice(0, 40)}`,
      );
    }
  }
  return JSON.stringify(encoded);
}

/** Whether `value` is a journal value of a column of `type` that every store can hold. */
function fits(type: ColumnType, value: unknown): boolean {
  switch (type) {
    case 'text':
      return typeof value === 'string';
    case 'flag':
      return value === 0 || value === 1;
    case 'small':
      return Number.isInteger(value) && Math.abs(value as number) <= 32767;
    case 'id':
      return Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) < 2 ** 31;
    case 'uint':
      return Number.isInteger(value) && (value as number) >= 0 && (value as number) < 2 ** 32;
    default:
      return Number.isSafeInteger(value);
  }
}

/** The column names of a segment header; 'newer' for a format this version cannot read; null if unreadable. */
export function headerColumns(line: string): readonly string[] | 'newer' | null {
  try {
    const header = JSON.parse(line) as { cairnJournal?: unknown; columns?: unknown };
    if (typeof header.cairnJournal === 'number' && header.cairnJournal > JOURNAL_FORMAT) return 'newer';
    if (header.cairnJournal !== JOURNAL_FORMAT || !Array.isArray(header.columns)) return null;
    return header.columns.every((name) => typeof name === 'string') ? header.columns : null;
  } catch {
    return null;
  }
}

/** A line's JSON array, or null when the line is not one. */
export function parseLine(line: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(line);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A decoder for lines written under the header `names`: each value lands in the current column of that
 * name; current columns the segment lacks stay blank; columns no longer stored are dropped. It answers
 * null for a line that is not JSON, has another length, or holds a value its column cannot.
 */
export function decoderFor(names: readonly string[]): (line: string) => TrackingEvent | null {
  const decodeValues = valuesDecoderFor(names);
  return (line) => {
    const values = parseLine(line);
    return values && decodeValues(values);
  };
}

/** `decoderFor`, for a line already parsed into its array. */
export function valuesDecoderFor(names: readonly string[]): (parsed: unknown[]) => TrackingEvent | null {
  const position = new Map(EVENT_COLUMNS.map((column, index) => [column.name, index]));
  const targets = names.map((name) => position.get(name) ?? -1);
  const blanks: (string | number)[] = TYPES.map((type) => (type === 'text' ? '' : 0));
  return (parsed) => {
    if (parsed.length !== targets.length) return null;
    const values = blanks.slice();
    for (let index = 0; index < targets.length; index += 1) {
      const target = targets[index] ?? -1;
      if (target < 0) continue;
      const value: unknown = parsed[index];
      if (!fits(TYPES[target] as ColumnType, value)) return null;
      values[target] = value as string | number;
    }
    return eventFromValues(values);
  };
}

// Positions of the columns by name; reading them in an object literal keeps decoding at about a
// microsecond per event (the flusher's share of the event loop). journalCodec.test.ts checks every field
// round-trips, so a column added to the schema without a line here fails that test.
const AT = Object.fromEntries(EVENT_COLUMNS.map((column, index) => [column.name, index])) as Record<
  string,
  number
>;
const TOKEN_AT = Array.from({ length: TOKEN_SLOTS }, (_, index) => AT[`t${index + 1}`] ?? -1);

function eventFromValues(v: readonly (string | number)[]): TrackingEvent {
  const n = (index: number | undefined): number => v[index ?? -1] as number;
  const s = (index: number | undefined): string => v[index ?? -1] as string;
  return {
    kind: n(AT.kind) as EventKind,
    clickId: s(AT.click_id),
    seq: n(AT.seq),
    time: n(AT.ts),
    clickTime: n(AT.click_ts),
    campaignId: n(AT.campaign_id),
    campaignGroupId: n(AT.campaign_group_id),
    trafficSourceId: n(AT.traffic_source_id),
    rotationId: n(AT.rotation_id),
    rule: n(AT.rule),
    path: n(AT.path),
    landingId: n(AT.landing_id),
    offerId: n(AT.offer_id),
    affiliateNetworkId: n(AT.affiliate_network_id),
    country: s(AT.country),
    region: s(AT.region),
    city: s(AT.city),
    isp: s(AT.isp),
    asn: n(AT.asn),
    connectionType: s(AT.connection_type),
    deviceType: s(AT.device_type),
    brand: s(AT.brand),
    model: s(AT.model),
    os: s(AT.os),
    osVersion: s(AT.os_version),
    browser: s(AT.browser),
    browserVersion: s(AT.browser_version),
    language: s(AT.language),
    ip: s(AT.ip),
    referrerDomain: s(AT.referrer_domain),
    userAgent: s(AT.user_agent),
    isUnique: n(AT.is_unique) === 1,
    isBot: n(AT.is_bot) === 1,
    externalId: s(AT.external_id),
    tokens: TOKEN_AT.map((index) => (v[index] as string | undefined) ?? ''),
    costMicros: n(AT.cost_micros),
    revenueMicros: n(AT.revenue_micros),
    status: s(AT.status),
    txid: s(AT.txid),
    approved: n(AT.approved),
    pending: n(AT.pending),
    declined: n(AT.declined),
    eventSlot: n(AT.event_slot),
  };
}

/**
 * Puts the event's values into `out` at their columns' positions, flags as 0/1, times and money cut to
 * whole units. Field by field rather than through each column's getter: one call site for 70 getters
 * cost encodeEvent 0.6 of its 2.1 µs, on every click. journalCodec.test.ts holds it to the getters.
 */
function valuesOf(e: TrackingEvent, out: (string | number)[]): void {
  out[AT.kind as number] = e.kind;
  out[AT.ts as number] = whole(e.time);
  out[AT.click_id as number] = e.clickId;
  out[AT.seq as number] = e.seq;
  out[AT.click_ts as number] = whole(e.clickTime);
  out[AT.campaign_id as number] = e.campaignId;
  out[AT.campaign_group_id as number] = e.campaignGroupId;
  out[AT.traffic_source_id as number] = e.trafficSourceId;
  out[AT.rotation_id as number] = e.rotationId;
  out[AT.rule as number] = e.rule;
  out[AT.path as number] = e.path;
  out[AT.landing_id as number] = e.landingId;
  out[AT.offer_id as number] = e.offerId;
  out[AT.affiliate_network_id as number] = e.affiliateNetworkId;
  out[AT.country as number] = e.country;
  out[AT.region as number] = e.region;
  out[AT.city as number] = e.city;
  out[AT.isp as number] = e.isp;
  out[AT.asn as number] = e.asn;
  out[AT.connection_type as number] = e.connectionType;
  out[AT.device_type as number] = e.deviceType;
  out[AT.brand as number] = e.brand;
  out[AT.model as number] = e.model;
  out[AT.os as number] = e.os;
  out[AT.os_version as number] = e.osVersion;
  out[AT.browser as number] = e.browser;
  out[AT.browser_version as number] = e.browserVersion;
  out[AT.language as number] = e.language;
  out[AT.ip as number] = e.ip;
  out[AT.referrer_domain as number] = e.referrerDomain;
  out[AT.user_agent as number] = e.userAgent;
  out[AT.is_unique as number] = flag(e.isUnique);
  out[AT.is_bot as number] = flag(e.isBot);
  out[AT.external_id as number] = e.externalId;
  for (let slot = 0; slot < TOKEN_SLOTS; slot += 1) out[TOKEN_AT[slot] as number] = e.tokens[slot] ?? '';
  out[AT.cost_micros as number] = whole(e.costMicros);
  out[AT.revenue_micros as number] = whole(e.revenueMicros);
  out[AT.status as number] = e.status;
  out[AT.txid as number] = e.txid;
  out[AT.approved as number] = e.approved;
  out[AT.pending as number] = e.pending;
  out[AT.declined as number] = e.declined;
  out[AT.event_slot as number] = e.eventSlot;
}
