import { TOKEN_SLOTS } from '@cairn/contract';

// One wide, append-only table holds every tracking event. A lander click and a conversion copy the
// dimensions of the click they belong to, so every report is one GROUP BY over this table, never a join.
// A conversion whose status or payout changes later is not updated in place: a correcting event carries
// the differences (say approved +1, pending -1), so sums stay right and the history stays visible.

export const EVENT_KIND = { click: 1, lpClick: 2, conversion: 3, costChange: 4, customEvent: 5 } as const;
export type EventKind = (typeof EVENT_KIND)[keyof typeof EVENT_KIND];

/**
 * The events whose cost_micros count as cost: clicks, and cost changes (a cost set after the fact, see
 * costs/: an event per changed click, copying the click, carrying the difference). Lander clicks and
 * conversions copy their click's cost and must not count it again.
 */
export const COST_KINDS_SQL = `kind IN (${EVENT_KIND.click}, ${EVENT_KIND.costChange})`;

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
  /**
   * The custom event slot (1..30) a customEvent counts in; 0 for every other kind, and for events
   * journaled before custom events existed. A custom event copies its click like a conversion, but
   * carries no conversion counts, revenue or cost: it changes no other sum.
   */
  eventSlot: number;
}

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
    eventSlot: 0,
  };
}
