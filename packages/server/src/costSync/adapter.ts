import { decimalToMicrosRounded } from '@cairn/contract';
import type { ConnectionCheck, PlatformHttp } from '../integrations/adapter.ts';

// A traffic source's spend behind one interface, so the cost sync is one loop over mappings and adding a
// source is one file plus its tests against a fake of its documented API. Days are the source's report
// days (YYYY-MM-DD), read as the tracker's days: the source account's time zone should match the
// tracker's.

export interface SpendQuery {
  /** Meta: the ad account id (digits), Taboola's account, TikTok's advertiser; empty when the credentials name it. */
  sourceAccountId: string;
  sourceCampaignId: string;
  /** First and last day, inclusive (YYYY-MM-DD). */
  fromDay: string;
  toDay: string;
  /** Ask for spend by zone (placement) as well, where the source reports it. */
  byZone: boolean;
}

export interface SpendRow {
  day: string;
  /** The zone (placement) id as the source reports it; null when spend is for the whole campaign. */
  zone: string | null;
  /** In the source's currency, micro-units. */
  spendMicros: number;
}

export interface SpendReport {
  /** ISO 4217, as the source reports spend. */
  currency: string;
  rows: SpendRow[];
}

export interface SourceCampaign {
  id: string;
  name: string;
}

/** The source refused or failed: its own words, and whether a new token or waiting is what helps. */
export class SpendError extends Error {
  override name = 'SpendError';
  readonly tokenExpired: boolean;
  readonly rateLimited: boolean;

  constructor(message: string, flags: { tokenExpired?: boolean; rateLimited?: boolean } = {}) {
    super(message);
    this.tokenExpired = flags.tokenExpired ?? false;
    this.rateLimited = flags.rateLimited ?? false;
  }
}

export interface SpendAdapter {
  /** Whether the source reports spend by zone, so a mapping may name the token slot holding the zone. */
  reportsZones: boolean;
  /** Calls a minute one account makes at most (the source's own limits are per token). */
  callsPerMinute: number;
  /** Whether a mapping names an ad account besides the campaign (Meta). */
  needsSourceAccount: boolean;
  checkConnection(http: PlatformHttp, token: string): Promise<ConnectionCheck>;
  listCampaigns(http: PlatformHttp, token: string, sourceAccountId: string): Promise<SourceCampaign[]>;
  /** Spend by day (and zone when asked and reported); rejects with SpendError, or as the outbound guard does. */
  fetchSpend(http: PlatformHttp, token: string, query: SpendQuery): Promise<SpendReport>;
}

/** A source's answer read as JSON; null when it is not. */
export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

/** A spend amount as sources send it (a decimal string or a JSON number) in micro-units; null when neither. */
export function amountMicros(value: unknown): number | null {
  if (typeof value === 'number') {
    // Seven places, then rounded to the micro-unit, so a float's binary tail ("0.30000000000000004") never counts.
    return Number.isFinite(value) && value >= 0 ? decimalToMicrosRounded(value.toFixed(7)) : null;
  }
  return typeof value === 'string' ? decimalToMicrosRounded(value) : null;
}
