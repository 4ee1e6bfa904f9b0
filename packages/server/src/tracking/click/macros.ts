import { fillMacros, TOKEN_SLOTS } from '@cairn/contract';
import type { TrackingEvent } from '../../store/events/schema.ts';

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
}

const micros = (value: number): string => (value / 1_000_000).toFixed(6).replace(/\.?0+$/, '');

/** Every macro a lander or offer URL may use, filled (URL-encoded by fillMacros); unknown ones stay. */
export function macroValues(context: MacroContext): Record<string, string> {
  const { event } = context;
  const id = (value: number): string => (value > 0 ? String(value) : '');
  const values: Record<string, string> = {
    clickid: event.clickId,
    campaign_id: id(event.campaignId),
    campaign_key: context.campaignKey,
    campaign_name: context.campaignName,
    traffic_source_id: id(event.trafficSourceId),
    traffic_source_name: context.sourceName,
    affiliate_network_id: id(event.affiliateNetworkId),
    affiliate_network_name: context.networkName,
    offer_id: id(event.offerId),
    offer_name: context.offerName,
    landing_id: id(event.landingId),
    landing_name: context.landingName,
    lp_key: '',
    path_name: context.pathName,
    rule_name: context.ruleName,
    externalid: event.externalId,
    clickcost: micros(event.costMicros),
    country: context.countryName,
    country_code: event.country,
    region: event.region,
    city: event.city,
    isp: event.isp,
    ip: event.ip,
    language: event.language,
    referer: context.referrer,
    ref_domain: event.referrerDomain,
    device_type: event.deviceType,
    os_name: event.os,
    browser_name: event.browser,
    user_agent: event.userAgent,
    date: new Date(event.clickTime).toISOString().slice(0, 10),
    unixtime: String(Math.floor(event.clickTime / 1000)),
  };
  for (let slot = 1; slot <= TOKEN_SLOTS; slot += 1) {
    values[`t${slot}`] = event.tokens[slot - 1] ?? '';
    // Event counts and conversion values have no value at click time; an empty one beats a literal {x}.
    values[`event${slot}`] = '';
  }
  for (const name of ['payout', 'cnv_status', 'txid', 'currency']) values[name] = '';
  return values;
}

export function fillUrl(template: string, context: MacroContext): string {
  return fillMacros(template, macroValues(context));
}
