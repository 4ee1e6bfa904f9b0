import crypto from 'node:crypto';
import type { SeedResponse } from '@cairn/contract';
import type { EntityChanges } from '../entities/changes.ts';
import { ENTITY_DEFINITIONS } from '../entities/kinds/index.ts';
import { EntityRepository } from '../entities/repository.ts';
import { mintClickId } from '../events/clickId.ts';
import { blankEvent, EVENT_KIND, type TrackingEvent } from '../events/event.ts';
import type { ConfigStore } from '../store/config/port.ts';
import type { EventStore } from '../store/events/port.ts';
import { seededRandom } from './random.ts';

// Synthetic but realistic traffic for demos and benchmarks: a few campaigns with landers and offers,
// then clicks spread over the last days with a believable mix of countries, devices, tokens, lander
// click-throughs and conversions. Events go through the event store's bulk path, not the journal.

export interface SeedOptions {
  clicks: number;
  days: number;
  campaigns: number;
  now: number;
  changes?: EntityChanges;
  /** Deterministic output for tests and benchmarks. */
  seed?: number;
  onProgress?: (written: number) => void;
}

const COUNTRIES: [string, string, string, number][] = [
  ['US', 'California', 'Los Angeles', 30],
  ['US', 'New York', 'New York', 15],
  ['DE', 'Berlin', 'Berlin', 10],
  ['FR', 'Ile-de-France', 'Paris', 8],
  ['GB', 'England', 'London', 9],
  ['BR', 'Sao Paulo', 'Sao Paulo', 8],
  ['IN', 'Maharashtra', 'Mumbai', 10],
  ['ES', 'Madrid', 'Madrid', 5],
  ['IT', 'Lazio', 'Rome', 5],
];
const DEVICES: [string, string, string, string, string, string, number][] = [
  [
    'mobile',
    'Apple',
    'iPhone',
    'iOS',
    'Mobile Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)',
    35,
  ],
  [
    'mobile',
    'Samsung',
    'SM-S901B',
    'Android',
    'Chrome Mobile',
    'Mozilla/5.0 (Linux; Android 13; SM-S901B)',
    30,
  ],
  ['desktop', '', '', 'Windows', 'Chrome', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0', 25],
  ['tablet', 'Apple', 'iPad', 'iOS', 'Mobile Safari', 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X)', 6],
  ['desktop', 'Apple', 'Macintosh', 'macOS', 'Safari', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4)', 4],
];
const ISPS = [
  'Comcast',
  'Verizon Wireless',
  'Deutsche Telekom',
  'Orange',
  'BT',
  'Vivo',
  'Jio',
  'Movistar',
  'TIM',
];
const LANGUAGES = ['en-us', 'en-gb', 'de', 'fr', 'pt-br', 'hi', 'es', 'it'];

function weighted<T extends unknown[]>(items: readonly T[], random: () => number): T {
  const total = items.reduce((sum, item) => sum + (item.at(-1) as number), 0);
  let point = random() * total;
  for (const item of items) {
    point -= item.at(-1) as number;
    if (point < 0) return item;
  }
  return items[0] as T;
}

interface SeedCampaign {
  id: number;
  name: string;
  groupId: number;
  sourceId: number;
  landingId: number;
  offers: { id: number; networkId: number; payoutMicros: number }[];
  cpcMicros: number;
}

async function createEntity(
  store: ConfigStore,
  repository: EntityRepository,
  kind: string,
  body: Record<string, unknown>,
): Promise<number> {
  const definition = repository.definition(kind);
  if (!definition) throw new Error(`No ${kind} kind`);
  const input = definition.inputSchema.parse(body);
  return store.transaction(async (tx) => {
    const values = { ...input, ...(await definition.derive?.(input, null, tx)) };
    return repository.insert(tx, definition, values);
  });
}

async function seedCampaigns(
  store: ConfigStore,
  count: number,
  random: () => number,
  changes?: EntityChanges,
) {
  const repository = new EntityRepository(new Map(ENTITY_DEFINITIONS.map((d) => [d.kind, d])), [], Date.now);
  const tag = crypto.randomBytes(3).toString('hex');
  const networkId = await createEntity(store, repository, 'affiliate_network', {
    name: `Seed network ${tag}`,
  });
  const sourceId = await createEntity(store, repository, 'traffic_source', {
    name: `Seed source ${tag}`,
    tokens: [
      { parameter: 'zone', placeholder: '{zoneid}', name: 'Zone' },
      { parameter: 'creative', placeholder: '{creative}', name: 'Creative' },
      { parameter: 'site', placeholder: '{site}', name: 'Site' },
    ],
  });
  const campaigns: SeedCampaign[] = [];
  for (let index = 0; index < count; index += 1) {
    const offers = [];
    for (let o = 0; o < 3; o += 1) {
      const payoutMicros = Math.round((1 + random() * 9) * 1_000_000);
      const id = await createEntity(store, repository, 'offer', {
        name: `Seed offer ${tag}-${index + 1}.${o + 1}`,
        url: 'https://offer.example/?sub={clickid}',
        affiliateNetworkId: networkId,
        payoutMicros,
      });
      offers.push({ id, networkId, payoutMicros });
    }
    const landingId = await createEntity(store, repository, 'landing', {
      name: `Seed lander ${tag}-${index + 1}`,
      url: 'https://lander.example/?c={clickid}',
    });
    const name = `Seed campaign ${tag}-${index + 1}`;
    const cpcMicros = Math.round((0.01 + random() * 0.05) * 1_000_000);
    const id = await createEntity(store, repository, 'campaign', {
      name,
      trafficSourceId: sourceId,
      costModel: 'cpc',
      costMicros: cpcMicros,
      flow: {
        defaultPaths: [
          {
            name: 'Lander',
            weight: 70,
            landers: [{ landingId }],
            offers: offers.map((offer) => ({ offerId: offer.id })),
          },
          { name: 'Direct', weight: 30, offers: [{ offerId: offers[0]?.id }] },
        ],
      },
    });
    campaigns.push({ id, name, groupId: 0, sourceId, landingId, offers, cpcMicros });
  }
  for (const [kind, id] of [
    ['affiliate_network', networkId],
    ['traffic_source', sourceId],
    ...campaigns.flatMap((campaign) => [
      ['landing', campaign.landingId] as const,
      ...campaign.offers.map((offer) => ['offer', offer.id] as const),
      ['campaign', campaign.id] as const,
    ]),
  ] as const) {
    changes?.emit(kind, id);
  }
  return campaigns;
}

export async function seedEvents(
  store: ConfigStore,
  events: EventStore,
  options: SeedOptions,
): Promise<SeedResponse> {
  const started = performance.now();
  const random = seededRandom(options.seed ?? Date.now());
  const campaigns = await seedCampaigns(store, options.campaigns, random, options.changes);
  const span = options.days * 86_400_000;
  const start = options.now - span;
  const batchSize = 50_000;
  let lpClicks = 0;
  let conversions = 0;
  let written = 0;
  while (written < options.clicks) {
    const size = Math.min(batchSize, options.clicks - written);
    // Times ascend through the whole run, as real traffic arrives.
    const batch: TrackingEvent[] = [];
    for (let index = 0; index < size; index += 1) {
      const position = written + index;
      const time = Math.floor(start + ((position + random()) / options.clicks) * span);
      const campaign = campaigns[Math.floor(random() * campaigns.length)] as SeedCampaign;
      const [country, region, city] = weighted(COUNTRIES, random);
      const [deviceType, brand, model, os, browser, userAgent] = weighted(DEVICES, random);
      const viaLander = random() < 0.7;
      const offer =
        campaign.offers[viaLander ? Math.floor(random() * campaign.offers.length) : 0] ?? campaign.offers[0];
      const click = blankEvent(EVENT_KIND.click, mintClickId(time), time);
      Object.assign(click, {
        campaignId: campaign.id,
        trafficSourceId: campaign.sourceId,
        path: viaLander ? 1 : 2,
        landingId: viaLander ? campaign.landingId : 0,
        offerId: offer?.id ?? 0,
        affiliateNetworkId: offer?.networkId ?? 0,
        country,
        region,
        city,
        isp: ISPS[Math.floor(random() * ISPS.length)] ?? '',
        connectionType: deviceType === 'mobile' && random() < 0.6 ? 'cellular' : 'broadband',
        deviceType,
        brand,
        model,
        os,
        browser,
        language: LANGUAGES[Math.floor(random() * LANGUAGES.length)] ?? '',
        ip: `${10 + Math.floor(random() * 200)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`,
        userAgent,
        isUnique: random() < 0.8,
        isBot: random() < 0.02,
        costMicros: campaign.cpcMicros,
      });
      click.tokens[0] = String(1000 + Math.floor(random() * 200));
      click.tokens[1] = `cr-${1 + Math.floor(random() * 20)}`;
      click.tokens[2] = `site-${1 + Math.floor(random() * 500)}`;
      batch.push(click);
      if (viaLander && random() < 0.3) {
        batch.push({
          ...click,
          kind: EVENT_KIND.lpClick,
          seq: 1,
          time: time + 5_000,
          costMicros: 0,
          isUnique: false,
        });
        lpClicks += 1;
      }
      if (random() < 0.02) {
        const roll = random();
        const status = roll < 0.7 ? 'approved' : roll < 0.9 ? 'pending' : 'declined';
        batch.push({
          ...click,
          kind: EVENT_KIND.conversion,
          seq: 1,
          time: time + 60_000,
          costMicros: 0,
          isUnique: false,
          status,
          txid: `tx-${click.clickId}`,
          revenueMicros: status === 'declined' ? 0 : (offer?.payoutMicros ?? 0),
          approved: status === 'approved' ? 1 : 0,
          pending: status === 'pending' ? 1 : 0,
          declined: status === 'declined' ? 1 : 0,
        });
        conversions += 1;
      }
    }
    batch.sort((a, b) => a.time - b.time);
    await events.append(batch);
    written += size;
    options.onProgress?.(written);
  }
  return {
    clicks: options.clicks,
    lpClicks,
    conversions,
    campaigns: campaigns.map((campaign) => ({ id: campaign.id, name: campaign.name })),
    elapsedMs: Math.round(performance.now() - started),
  };
}
