import { decimalToMicrosRounded, truncateText } from '@cairn/contract';
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

/** One row of a source's spend answer as the source's adapter reads it; null for another campaign's row. */
export interface SpendRowRead {
  /** The report day as the source wrote it; only its first ten characters count (YYYY-MM-DD). */
  day: unknown;
  spendMicros: number | null;
  zone?: string | null;
  /** The currency the row names, when the source names one per row. */
  currency?: unknown;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A source's rows as one spend report: a row without a day or an amount fails the whole answer (a partial
 * day would replace the right cost with a wrong one), and the currency is the one the rows name, or the
 * source's only currency when it has one.
 */
export function spendReportOf<Row>(
  source: string,
  rows: readonly Row[],
  read: (row: Row) => SpendRowRead | null,
  onlyCurrency?: string,
): SpendReport {
  let currency = onlyCurrency ?? '';
  const out: SpendRow[] = [];
  for (const row of rows) {
    const said = read(row);
    if (said === null) continue;
    const day = String(said.day ?? '').slice(0, 10);
    if (said.spendMicros === null || !DAY.test(day)) {
      throw new SpendError(
        `${source} answered a row without a day or spend: ${truncateText(JSON.stringify(row), 200)}`,
      );
    }
    if (onlyCurrency === undefined && typeof said.currency === 'string' && said.currency !== '') {
      currency = said.currency.toUpperCase();
    }
    out.push({ day, zone: said.zone ?? null, spendMicros: said.spendMicros });
  }
  if (out.length > 0 && currency === '') throw new SpendError(`${source}'s answer did not name the currency`);
  return { currency, rows: out };
}

/** A platform's API root as configured, without trailing slashes, so paths append to it. */
export const apiRoot = (baseUrl: string): string => baseUrl.replace(/\/+$/, '');

/** Answers larger than this are refused: a campaign's days by zone fit well within it. */
export const SPEND_ANSWER_BYTES = 4 * 1024 * 1024;
