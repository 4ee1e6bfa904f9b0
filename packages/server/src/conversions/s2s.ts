import {
  CUSTOM_EVENT_SLOTS,
  customEventColumn,
  fillMacros,
  microsToDecimal,
  TOKEN_SLOTS,
  TRACKING_MACROS,
} from '@cairn/contract';
import type { TrackingEvent } from '../events/event.ts';
import type { RoutedSource, RoutingTable } from '../tracking/routing/table.ts';
import type { ConversionState } from './decide.ts';

// Which conversions are reported back to the traffic source (S2S), and the URL each report calls.

export type S2sPlan = { kind: 'none' } | { kind: 'skipped'; reason: string } | { kind: 'send' };

/**
 * A click's fixed place in 0..99 (FNV-1a of its id): a source taking 30% of postbacks always hears about
 * the same clicks, whichever node or retry handles them, and every change of one conversion alike.
 */
export function postbackShare(clickId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < clickId.length; index += 1) {
    hash ^= clickId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/**
 * Whether a new or changed conversion is reported: the source needs a postback URL; its mode takes all
 * conversions and their changes, only a click's first conversion (once), or a conversion when it
 * becomes approved (once); then `disable_postback` and the postback % may hold it back.
 */
export function planS2s(
  source: RoutedSource | undefined,
  state: ConversionState,
  before: ConversionState | null,
  disabled: boolean,
): S2sPlan {
  if (!source?.postbackUrl) return { kind: 'none' };
  if (source.postbackMode === 'first' && (before !== null || state.seq !== 1)) return { kind: 'none' };
  if (source.postbackMode === 'approved' && (state.status !== 'approved' || before?.status === 'approved')) {
    return { kind: 'none' };
  }
  if (disabled) return { kind: 'skipped', reason: 'disable_postback was set' };
  if (postbackShare(state.clickId) >= source.postbackPercent) {
    return { kind: 'skipped', reason: `outside the source's ${source.postbackPercent}% postback share` };
  }
  return { kind: 'send' };
}

const BLANK: Readonly<Record<string, string>> = Object.fromEntries(
  TRACKING_MACROS.map((macro) => [macro.name, '']),
);
const units = (micros: number): string => microsToDecimal(Math.round(micros));
const id = (value: number): string => (value > 0 ? String(value) : '');

/**
 * The source's postback URL for a conversion: click macros from the click, `{payout}` as the base
 * revenue times the source's payout %, `{cnv_status}`, `{txid}` and `{currency}` from the conversion.
 * `{event1}`..`{event30}`: the click's custom events per slot, `eventCounts` (slot 1 first), when read.
 * Macros without a value are emptied, so no literal `{payout}` reaches the source.
 */
export function s2sUrl(
  source: RoutedSource,
  state: ConversionState,
  click: TrackingEvent,
  table: RoutingTable,
  baseCurrency: string,
  eventCounts: readonly number[] | null = null,
): string {
  const campaign = table.campaign(click.campaignId);
  const values: Record<string, string> = {
    ...BLANK,
    clickid: click.clickId,
    campaign_id: id(click.campaignId),
    campaign_key: campaign?.key ?? '',
    campaign_name: campaign?.name ?? '',
    traffic_source_id: id(click.trafficSourceId),
    traffic_source_name: source.name,
    affiliate_network_id: id(click.affiliateNetworkId),
    affiliate_network_name: table.network(click.affiliateNetworkId)?.name ?? '',
    offer_id: id(click.offerId),
    offer_name: table.offer(click.offerId)?.name ?? '',
    landing_id: id(click.landingId),
    landing_name: table.landing(click.landingId)?.name ?? '',
    externalid: click.externalId,
    clickcost: units(click.costMicros),
    payout: units((state.revenueMicros * source.payoutPercent) / 100),
    cnv_status: state.status,
    txid: state.txid ?? '',
    currency: baseCurrency,
    country: click.country,
    country_code: click.country,
    region: click.region,
    city: click.city,
    isp: click.isp,
    ip: click.ip,
    language: click.language,
    ref_domain: click.referrerDomain,
    device_type: click.deviceType,
    os_name: click.os,
    browser_name: click.browser,
    user_agent: click.userAgent,
    date: new Date(click.clickTime).toISOString().slice(0, 10),
    unixtime: String(Math.floor(click.clickTime / 1000)),
  };
  for (let slot = 1; slot <= TOKEN_SLOTS; slot += 1) values[`t${slot}`] = click.tokens[slot - 1] ?? '';
  if (eventCounts) {
    for (let slot = 1; slot <= CUSTOM_EVENT_SLOTS; slot += 1) {
      values[customEventColumn(slot)] = String(eventCounts[slot - 1] ?? 0);
    }
  }
  return fillMacros(source.postbackUrl ?? '', values);
}
