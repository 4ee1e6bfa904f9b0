import { encodeText, TOKEN_SLOTS } from '@cairn/contract';
import type { TrackingEvent } from '../../events/event.ts';

/** What a click URL's macros are filled from, besides the event's own dimensions. */
export interface MacroContext {
  event: TrackingEvent;
  campaignKey: string;
  campaignName: string;
  sourceName: string;
  networkName: string;
  offerName: string;
  landingName: string;
  ruleName: string;
  pathName: string;
  countryName: string;
  referrer: string;
  /** LP protect's key for a protected lander; '' otherwise. */
  lpKey: string;
}

type Getter = (context: MacroContext) => string;

const units = (micros: number): string => (micros / 1_000_000).toFixed(6).replace(/\.?0+$/, '');
const id = (value: number): string => (value > 0 ? String(value) : '');

// Every macro a lander or offer URL may use at click time. Postback-only macros (payout, status ...)
// and event counts have no value yet: an empty value beats a literal {payout} reaching the offer.
const GETTERS: Record<string, Getter> = {
  clickid: (c) => c.event.clickId,
  campaign_id: (c) => id(c.event.campaignId),
  campaign_key: (c) => c.campaignKey,
  campaign_name: (c) => c.campaignName,
  traffic_source_id: (c) => id(c.event.trafficSourceId),
  traffic_source_name: (c) => c.sourceName,
  affiliate_network_id: (c) => id(c.event.affiliateNetworkId),
  affiliate_network_name: (c) => c.networkName,
  offer_id: (c) => id(c.event.offerId),
  offer_name: (c) => c.offerName,
  landing_id: (c) => id(c.event.landingId),
  landing_name: (c) => c.landingName,
  lp_key: (c) => c.lpKey,
  path_name: (c) => c.pathName,
  rule_name: (c) => c.ruleName,
  externalid: (c) => c.event.externalId,
  clickcost: (c) => units(c.event.costMicros),
  country: (c) => c.countryName,
  country_code: (c) => c.event.country,
  region: (c) => c.event.region,
  city: (c) => c.event.city,
  isp: (c) => c.event.isp,
  ip: (c) => c.event.ip,
  language: (c) => c.event.language,
  referer: (c) => c.referrer,
  ref_domain: (c) => c.event.referrerDomain,
  device_type: (c) => c.event.deviceType,
  os_name: (c) => c.event.os,
  browser_name: (c) => c.event.browser,
  user_agent: (c) => c.event.userAgent,
  date: (c) => new Date(c.event.clickTime).toISOString().slice(0, 10),
  unixtime: (c) => String(Math.floor(c.event.clickTime / 1000)),
  payout: () => '',
  cnv_status: () => '',
  txid: () => '',
  currency: () => '',
};
for (let slot = 1; slot <= TOKEN_SLOTS; slot += 1) {
  GETTERS[`t${slot}`] = (c) => c.event.tokens[slot - 1] ?? '';
  GETTERS[`event${slot}`] = () => '';
}

// Macros whose values never need percent-encoding: click ids (base32), entity ids and times (digits),
// the click cost (digits and a point), country codes and device types (lower-case letters). They are
// placed as they are, where encoding each was a runtime call per macro per click.
const URL_SAFE = new Set([
  'clickid',
  'campaign_id',
  'traffic_source_id',
  'affiliate_network_id',
  'offer_id',
  'landing_id',
  'clickcost',
  'country_code',
  'device_type',
  'date',
  'unixtime',
]);

/** A part of a compiled URL: literal text, a macro to encode, or (boxed) a macro placed as it is. */
type Part = string | Getter | { safe: Getter };
const compiled = new Map<string, Part[]>();
const COMPILED_MAX = 10_000;

// A URL is split once into literal text and macro getters; a click then only concatenates. Unknown
// macros stay as written, like the contract's fillMacros.
function partsOf(template: string): Part[] {
  let parts = compiled.get(template);
  if (parts) return parts;
  parts = [];
  let last = 0;
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    const name = match[1] ?? '';
    const getter = GETTERS[name];
    if (!getter) continue;
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push(URL_SAFE.has(name) ? { safe: getter } : getter);
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.set(template, parts);
  return parts;
}

/** The URL with every known macro filled, values URL-encoded. */
export function fillUrl(template: string, context: MacroContext): string {
  let url = '';
  for (const part of partsOf(template)) {
    if (typeof part === 'string') url += part;
    else if (typeof part === 'function') url += encodeText(part(context));
    else url += part.safe(context);
  }
  return url;
}
