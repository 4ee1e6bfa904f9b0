import type { IntegrationPlatform } from '@cairn/contract';
import type { OutboundGuard } from '../outbound/guard.ts';

// One ad platform behind one interface: adding a platform is a file implementing it, registered in
// ADAPTERS (platforms.ts), plus its tests against a fake of its documented API. Spend by day, campaign
// and zone (cost sync) joins here as `fetchSpend` when the first cost sync is built.

/** How an adapter reaches its platform: every call through the outbound guard, with a time limit. */
export interface PlatformHttp {
  outbound: OutboundGuard;
  timeoutMs: number;
  /** The platform's API root (configurable so operators can pin a version, and tests use a fake). */
  baseUrl: string;
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
  /** The platform's own click id (Meta: fbclid), '' when the click carried none. */
  platformClickId: string;
}

/** One conversion event for a platform: a sale, or the retraction of one sent before. */
export interface ConversionEvent {
  kind: 'conversion' | 'refund';
  /** The event a conversion is sent as (the traffic source's setting). */
  eventName: string;
  /** Stable for the conversion and kind, so the platform drops a repeat. */
  eventId: string;
  eventTime: number;
  /** Positive for a conversion; a refund carries the sale's value negated. */
  valueMicros: number;
  currency: string;
  click: ClickIdentity;
}

/** Where a platform's events go (Meta: a pixel, also called a dataset). */
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
  /** The platform's error in its words, when it gave one. */
  error: string | null;
}

export interface IntegrationAdapter {
  platform: IntegrationPlatform;
  /** The query parameter the platform adds to its ad clicks (Meta: fbclid). */
  clickIdParameter: string;
  checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck>;
  conversionRequest(
    baseUrl: string,
    destination: ConversionDestination,
    event: ConversionEvent,
  ): QueuedRequest;
  /** Sends a queued request with the token; rejects as the outbound guard does (refused, timeout). */
  send(http: PlatformHttp, token: string, request: QueuedRequest): Promise<SendAnswer>;
}
