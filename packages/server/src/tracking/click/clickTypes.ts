import type { LpProtectSettings, RedirectMode } from '@cairn/contract';
import { DEFAULT_LP_PROTECT } from '@cairn/contract';
import type { TrackingEvent } from '../../events/event.ts';
import { type CurrencyRates, DEFAULT_RATES } from '../../events/money.ts';
import type { Enrichment } from '../enrich/index.ts';
import { DEFAULT_TRACKING_PATHS, type TrackingPaths } from '../paths.ts';
import type { RoutedCampaign } from '../routing/table.ts';
import type { QueryParams } from './query.ts';

// What goes into the click engine and what comes out of it (see engine.ts).

export interface ClickRequest {
  query: QueryParams;
  ip: string;
  userAgent: string;
  acceptLanguage: string;
  referrer: string;
  cookies: Readonly<Record<string, string | undefined>>;
  now: number;
  /** The request's headers as Node's rawHeaders (name, value, ...), for header criteria; none when absent. */
  rawHeaders?: readonly string[];
}

export interface CookieToSet {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

/** Names of what the flow chose, for the test clicker and logs. */
export interface ClickTrace {
  enrichment: Enrichment;
  campaign: RoutedCampaign;
  /** Index of the matched rule in the stored flow; null for the default paths or before routing. */
  ruleIndex: number | null;
  ruleName: string | null;
  pathName: string | null;
  landingName: string | null;
  offerName: string | null;
}

export type ClickResult =
  | {
      kind: 'routed';
      event: TrackingEvent;
      url: string;
      mode: RedirectMode;
      cookies: CookieToSet[];
      trace: ClickTrace;
    }
  | { kind: 'fallback'; reason: string; trace: ClickTrace | null };

export interface TrackingSettings {
  /** Where clicks with nowhere to go are sent; null answers a plain 404 page. */
  fallbackUrl: string | null;
  /** The tracker's time zone: rules on day of week and hour read the click's time there. */
  timezone: string;
  rates: CurrencyRates;
  /** The public endpoints' paths (URL customization). */
  paths: TrackingPaths;
  /** Settings > LP protect: the key lifetime protected landers' keys are signed with, and hosted landers' answers. */
  lpProtect: LpProtectSettings;
}

export const DEFAULT_TRACKING_SETTINGS: TrackingSettings = {
  fallbackUrl: null,
  timezone: 'UTC',
  rates: DEFAULT_RATES,
  paths: DEFAULT_TRACKING_PATHS,
  lpProtect: DEFAULT_LP_PROTECT,
};
