import { describe, expect, it } from 'vitest';
import { blankEvent, EVENT_KIND } from '../../events/event.ts';
import { fillUrl, type MacroContext } from './macros.ts';

function context(): MacroContext {
  const event = blankEvent(EVENT_KIND.click, '01m8sk1w86tjv252xj2wh9f', Date.UTC(2026, 11, 1, 9, 30));
  Object.assign(event, {
    campaignId: 12,
    trafficSourceId: 3,
    affiliateNetworkId: 0,
    offerId: 7,
    landingId: 4,
    costMicros: 12_500,
    country: 'BR',
    region: 'São Paulo',
    city: 'Rio & "Co"',
    isp: 'Tele/Net #1',
    ip: '2003:e0::1',
    language: 'pt-br',
    deviceType: 'mobile',
    os: 'iOS',
    browser: 'Mobile Safari',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X)',
    externalId: 'ext?id=1&x=<y>',
    referrerDomain: 'news.example',
  });
  event.tokens[0] = 'a&b=c <x>';
  event.tokens[29] = '100%+plus';
  return {
    event,
    campaignKey: 'k3y',
    campaignName: 'Summer / BR',
    sourceName: 'Source "one"',
    networkName: 'Net',
    offerName: 'Offer #1',
    landingName: 'LP?',
    ruleName: 'Rule 1',
    pathName: 'Path 1',
    countryName: 'Brazil',
    referrer: 'https://news.example/a?b=c',
    lpKey: '',
  };
}

describe('URL macros', () => {
  it('fill every value percent-encoded, ids and codes included, and leave unknown macros as written', () => {
    const c = context();
    const macros: Record<string, string> = {
      clickid: c.event.clickId,
      campaign_id: '12',
      traffic_source_id: '3',
      affiliate_network_id: '',
      offer_id: '7',
      landing_id: '4',
      clickcost: '0.0125',
      country_code: 'BR',
      country: 'Brazil',
      region: 'São Paulo',
      city: 'Rio & "Co"',
      isp: 'Tele/Net #1',
      ip: '2003:e0::1',
      device_type: 'mobile',
      os_name: 'iOS',
      browser_name: 'Mobile Safari',
      user_agent: c.event.userAgent,
      externalid: 'ext?id=1&x=<y>',
      campaign_name: 'Summer / BR',
      traffic_source_name: 'Source "one"',
      offer_name: 'Offer #1',
      landing_name: 'LP?',
      referer: 'https://news.example/a?b=c',
      date: '2026-12-01',
      unixtime: String(Date.UTC(2026, 11, 1, 9, 30) / 1000),
      t1: 'a&b=c <x>',
      t30: '100%+plus',
      payout: '',
    };
    const names = Object.keys(macros);
    const template = `https://offer.example/?${names.map((name) => `${name}={${name}}`).join('&')}&u={unknown}`;
    const expected = `https://offer.example/?${names
      .map((name) => `${name}=${encodeURIComponent(macros[name] as string)}`)
      .join('&')}&u={unknown}`;
    expect(fillUrl(template, c)).toBe(expected);
  });
});
