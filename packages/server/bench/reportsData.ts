// Synthetic traffic for the reports bench, shaped like a real tracker's: skewed campaigns, a few offers
// per campaign, most clicks through a lander, ~40% of those clicking on to the offer, ~3% converting
// (a fifth of those changing status later), long-tail keywords in t1, ZONES zones in t4 (a source's
// zone ids, the level a buyer sorts by profit to cut), and realistic text sizes, appended
// in time order through the event store's own append in batches, as the flusher does.
import { TOKEN_SLOTS } from '@cairn/contract';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../src/events/event.ts';
import { seededRandom as random } from '../src/seeding/random.ts';
import type { EventStore } from '../src/store/events/port.ts';

export const SHAPE = { campaigns: 200, offers: 500, landers: 100, sources: 20, networks: 10 } as const;
const DAY = 86_400_000;
export const SPAN_DAYS = 60;
/** Distinct values of t4 (`zone-N`, round robin): the level a report pages and exports whole. */
export const ZONES = 50_000;

/** An index in [0, n) where low indexes are much more likely (Zipf-like, exponent ~1). */
function skewed(next: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(n ** next()) - 1);
}

const COUNTRIES =
  'US DE GB FR IN BR IT ES CA MX ID PL NL TR JP KR AU RU UA SE NO FI DK AT CH BE PT CZ RO HU GR IE NZ ZA NG EG SA AE IL TH VN PH MY SG AR CL CO PE VE KZ PK BD LK KE MA DZ TN'.split(
    ' ',
  );
const DEVICES = ['mobile', 'mobile', 'mobile', 'desktop', 'desktop', 'tablet'];
const OSES: [string, string[]][] = [
  ['Android', ['14', '13', '12', '11']],
  ['iOS', ['17.4', '17.3', '16.7']],
  ['Windows', ['10', '11']],
  ['macOS', ['14.4', '13.6']],
];
const BROWSERS: [string, string[]][] = [
  ['Chrome', ['124.0', '123.0', '122.0']],
  ['Safari', ['17.4', '16.6']],
  ['Samsung Internet', ['24.0']],
  ['Firefox', ['125.0']],
];
const AGENT =
  'Mozilla/5.0 (Linux; Android 13; SM-S901B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

export interface GeneratedData {
  clicks: number;
  events: number;
  from: number;
  to: number;
}

/** Appends `clicks` clicks (and their LP clicks and conversions) spread over SPAN_DAYS ending at `end`. */
export async function generate(
  store: EventStore,
  clicks: number,
  end: number,
  onProgress: (done: number) => void = () => {},
): Promise<GeneratedData> {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const from = end - SPAN_DAYS * DAY;
  const step = (end - from) / clicks;
  const batchSize = 50_000;
  let batch: TrackingEvent[] = [];
  let events = 0;
  for (let n = 0; n < clicks; n += 1) {
    const time = Math.floor(from + n * step);
    const campaign = skewed(next, SHAPE.campaigns) + 1;
    const offer = ((campaign * 7 + Math.floor(next() * 5)) % SHAPE.offers) + 1;
    const [os, osVersions] = pick(OSES);
    const [browser, browserVersions] = pick(BROWSERS);
    const country = COUNTRIES[skewed(next, COUNTRIES.length)] as string;
    const tokens = Array.from({ length: TOKEN_SLOTS }, () => '');
    tokens[0] = `kw-${skewed(next, 100_000)}`;
    tokens[1] = `placement-${Math.floor(next() * 20)}`;
    tokens[2] = String(100_000 + skewed(next, 2_000));
    // Not from `next`: the other columns stay what they were before t4 existed.
    tokens[3] = `zone-${n % ZONES}`;
    const event: TrackingEvent = {
      ...blankEvent(EVENT_KIND.click, `${time.toString(36)}${n.toString(36).padStart(6, '0')}`, time),
      campaignId: campaign,
      campaignGroupId: (campaign % 10) + 1,
      trafficSourceId: (campaign % SHAPE.sources) + 1,
      rule: next() < 0.3 ? 1 : 0,
      path: 1 + Math.floor(next() * 2),
      landingId: next() < 0.7 ? ((campaign * 3) % SHAPE.landers) + 1 : 0,
      offerId: offer,
      affiliateNetworkId: (offer % SHAPE.networks) + 1,
      country,
      region: `${country}-${Math.floor(next() * 8)}`,
      city: `${country} city ${skewed(next, 40)}`,
      isp: `ISP ${skewed(next, 150)}`,
      asn: 1000 + skewed(next, 150),
      connectionType: next() < 0.6 ? 'mobile' : 'broadband',
      deviceType: pick(DEVICES),
      brand: pick(['Samsung', 'Apple', 'Xiaomi', 'Google', '']),
      model: `M${Math.floor(next() * 60)}`,
      os,
      osVersion: pick(osVersions),
      browser,
      browserVersion: pick(browserVersions),
      language: pick(['en', 'en', 'de', 'fr', 'es', 'pt', 'ru']),
      ip: `${Math.floor(next() * 223) + 1}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}.${Math.floor(next() * 256)}`,
      referrerDomain: `site${skewed(next, 300)}.example`,
      userAgent: AGENT,
      isUnique: next() < 0.7,
      isBot: next() < 0.03,
      tokens,
      costMicros: 5_000 + Math.floor(next() * 45) * 1_000,
    };
    batch.push(event);
    if (event.landingId !== 0 && next() < 0.4) {
      batch.push({ ...event, kind: EVENT_KIND.lpClick, seq: 1, time: time + 20_000 });
    }
    if (next() < 0.03) {
      const payout = (1 + Math.floor(next() * 50)) * 1_000_000;
      const approved = next() < 0.6;
      const converted = { ...event, kind: EVENT_KIND.conversion, seq: 1, time: time + 600_000 };
      batch.push({
        ...converted,
        status: approved ? 'approved' : 'pending',
        approved: approved ? 1 : 0,
        pending: approved ? 0 : 1,
        revenueMicros: payout,
        txid: `tx${n}`,
      });
      if (next() < 0.2) {
        batch.push({
          ...converted,
          seq: 2,
          time: time + 3_600_000,
          status: approved ? 'declined' : 'approved',
          approved: approved ? -1 : 1,
          pending: approved ? 0 : -1,
          declined: approved ? 1 : 0,
          revenueMicros: approved ? -payout : 0,
          txid: `tx${n}`,
        });
      }
    }
    if (batch.length >= batchSize) {
      events += batch.length;
      await store.append(batch);
      batch = [];
      onProgress(n + 1);
    }
  }
  events += batch.length;
  await store.append(batch);
  onProgress(clicks);
  return { clicks, events, from, to: end };
}
