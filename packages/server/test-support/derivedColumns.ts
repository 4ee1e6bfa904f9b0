import type { TrackingEvent } from '../src/events/event.ts';
import { clickFacts } from '../src/tracking/click/engine.ts';
import type { Enricher } from '../src/tracking/enrich/index.ts';
import { sampleClick } from './sampleEvents.ts';

export const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';

/** `click` with the columns the archive derives again taken from `facts`. */
export function withDerived(click: TrackingEvent, facts: TrackingEvent): TrackingEvent {
  return {
    ...click,
    ...{ country: facts.country, region: facts.region, city: facts.city, isp: facts.isp, asn: facts.asn },
    ...{ connectionType: facts.connectionType, deviceType: facts.deviceType, brand: facts.brand },
    ...{ model: facts.model, os: facts.os, osVersion: facts.osVersion, browser: facts.browser },
    browserVersion: facts.browserVersion,
  };
}

/** A sample click as the engine records one from `ip` and `userAgent`: its facts looked up, not made up. */
export function engineClick(enricher: Enricher, ip: string, userAgent: string, time: number): TrackingEvent {
  const facts = clickFacts(enricher, ip, userAgent);
  return withDerived({ ...sampleClick(time), ip: facts.ip, userAgent: facts.userAgent }, facts);
}
