import { TOKEN_SLOTS } from '@cairn/contract';
import { mintClickId } from '../src/events/clickId.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../src/events/event.ts';

// Realistic clicks for the journal's tests, its crash child and its benchmark (not used by the server):
// random IPs, a few campaigns, countries and user agents, 3 of the 30 tokens filled.

const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'BR', 'IN', 'ES', 'IT', 'PL', 'NL'];
const CITIES = ['New York', 'Berlin', 'Paris', 'London', 'São Paulo', 'Mumbai', 'Madrid', 'Rome'];
const ISPS = ['Comcast Cable', 'Deutsche Telekom AG', 'Orange S.A.', 'BT', 'Vivo', 'Reliance Jio'];
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];
const DEVICES = [
  ['desktop', '', '', 'Windows', '10', 'Chrome', '131.0'],
  ['mobile', 'Apple', 'iPhone', 'iOS', '18.1', 'Mobile Safari', '18.1'],
  ['mobile', 'Samsung', 'SM-S918B', 'Android', '14', 'Chrome Mobile', '131.0'],
  ['desktop', 'Apple', 'Macintosh', 'Mac OS', '10.15.7', 'Safari', '18.1'],
  ['desktop', '', '', 'Linux', '', 'Firefox', '133.0'],
] as const;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const byte = (): number => Math.floor(Math.random() * 256);

export function sampleClick(time: number, clickId = mintClickId(time)): TrackingEvent {
  const event = blankEvent(EVENT_KIND.click, clickId, time);
  const device = Math.floor(Math.random() * DEVICES.length);
  const [deviceType, brand, model, os, osVersion, browser, browserVersion] = DEVICES[device] ?? DEVICES[0];
  const campaign = 1 + Math.floor(Math.random() * 5);
  const tokens = Array.from({ length: TOKEN_SLOTS }, () => '');
  tokens[0] = `zone${Math.floor(Math.random() * 500)}`;
  tokens[1] = `banner-${Math.floor(Math.random() * 40)}`;
  tokens[2] = Math.random().toString(36).slice(2, 12);
  return Object.assign(event, {
    campaignId: campaign,
    campaignGroupId: campaign % 2,
    trafficSourceId: 1 + (campaign % 3),
    path: 1,
    landingId: 10 + Math.floor(Math.random() * 3),
    offerId: 20 + Math.floor(Math.random() * 4),
    affiliateNetworkId: 1,
    country: pick(COUNTRIES),
    region: 'Region',
    city: pick(CITIES),
    isp: pick(ISPS),
    asn: 1000 + Math.floor(Math.random() * 50),
    connectionType: 'broadband',
    deviceType,
    brand,
    model,
    os,
    osVersion,
    browser,
    browserVersion,
    language: 'en',
    ip: `${byte()}.${byte()}.${byte()}.${byte()}`,
    referrerDomain: 'news.example.com',
    userAgent: USER_AGENTS[device] ?? '',
    isUnique: Math.random() < 0.8,
    tokens,
    costMicros: 1500,
  });
}
