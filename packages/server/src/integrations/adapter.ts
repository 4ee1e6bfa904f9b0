import type { IntegrationPlatform } from '@cairn/contract';
import type { OutboundGuard } from '../outbound/guard.ts';

// One ad platform behind one interface: adding a platform is a file implementing it, registered in
// ADAPTERS (conversionsOut.ts), plus its tests against a fake of its documented API. Spend by day, campaign
// and zone (cost sync) joins here as `fetchSpend` when the first cost sync is built.

/** How an adapter reaches its platform: every call through the outbound guard, with a time limit. */
export interface PlatformHttp {
  outbound: OutboundGuard;
  timeoutMs: number;
  /** The platform's API root (configurable so operators can pin a version, and tests use a fake). */
  baseUrl: string;
  /** Where an OAuth refresh token is exchanged for an access token, for platforms that use them. */
  oauthTokenUrl: string;
}

export interface ConnectionCheck {
  ok: boolean;
  /** Who the platform says the token belongs to. */
  identity: string | null;
  /** The platform's own words on a failure. */
  error: string | null;
  /** The platform said the token expired or was revoked: only a new token helps. */
  tokenExpired: boolean;
}

/** What a click left for the platform to match a conversion with, as the click captured it. */
export interface ClickIdentity {
  clickId: string;
  clickTime: number;
  ip: string;
  userAgent: string;
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country: string;
  /**
   * The platform's own click ids the click carried, by parameter (Meta: fbclid; Google Ads: gclid,
   * gbraid, wbraid; TikTok: ttclid); a parameter the click did not carry is absent.
   */
  platformClickIds: Readonly<Record<string, string>>;
}

/**
 * One conversion event for a platform: a sale, the retraction of one sent before, or a new value for one
 * sent before (a network's partial refund or corrected payout).
 */
export interface ConversionEvent {
  kind: 'conversion' | 'refund' | 'restatement';
  /** The event a conversion is sent as (the traffic source's setting). */
  eventName: string;
  /** Stable for the conversion and kind, so the platform drops a repeat. */
  eventId: string;
  /** A refund or restatement: the event id the sale went out with (Google Ads adjusts by it). */
  saleEventId: string;
  eventTime: number;
  /** Positive for a conversion; a refund carries the sale's value negated; a restatement the new value. */
  valueMicros: number;
  currency: string;
  click: ClickIdentity;
}

/**
 * Where a platform's events go: Meta's pixel (dataset) id, Google Ads' conversion action resource name,
 * TikTok's pixel code.
 */
export interface ConversionDestination {
  pixelId: string;
}

/** A request queued in the outbox: everything but the credentials, added when it is sent. */
export interface QueuedRequest {
  url: string;
  body: string;
}

export interface SendAnswer {
  status: number;
  /**
   * The platform's error in its words, when it gave one. Set with a 2xx status, the platform refused the
   * event in its answer's body (Google's partial failure, TikTok's non-zero code): not delivered.
   */
  error: string | null;
}

export interface IntegrationAdapter {
  platform: IntegrationPlatform;
  /** Whether the platform takes a chargeback at all (TikTok documents no way to retract an event). */
  sendsRefunds: boolean;
  /** Whether the platform takes a sale's new value (Google Ads' RESTATEMENT); the others keep the first. */
  sendsRestatements: boolean;
  /** Whether an event without one of the platform's click ids is useless to it (Google Ads). */
  needsClickId: boolean;
  /** The query parameters the platform adds to its ad clicks (Meta: fbclid). */
  clickIdParameters: readonly string[];
  /** `credentials` is the opened secret: an access token, or Google Ads' credentials as JSON. */
  checkConnection(http: PlatformHttp, credentials: string): Promise<ConnectionCheck>;
  conversionRequest(
    baseUrl: string,
    destination: ConversionDestination,
    event: ConversionEvent,
  ): QueuedRequest;
  /** Sends a queued request with the token; rejects as the outbound guard does (refused, timeout). */
  send(http: PlatformHttp, credentials: string, request: QueuedRequest): Promise<SendAnswer>;
}
