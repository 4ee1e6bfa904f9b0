import type {
  AuditEntry,
  Campaign,
  Domain,
  Flow,
  Group,
  Landing,
  Offer,
  Rotation,
  TrafficSource,
} from '@cairn/contract';

// A tracker as a media buyer's team would have it a few weeks in: sources, offers, landers, a rotation
// and campaigns across them, with fixed dates, so every page story shows the same realistic screen.

const createdAt = '2026-02-02T09:30:00.000Z';
const meta = (id: number, updatedAt = '2026-03-06T16:45:00.000Z') => ({
  id,
  archived: false,
  createdAt,
  updatedAt,
});

export const groups: Group[] = [
  { ...meta(1), name: 'Evergreen', kind: 'campaign', notes: '', memberCount: 5 },
  { ...meta(2), name: 'Tests March', kind: 'campaign', notes: '', memberCount: 3 },
];

export const domains: Domain[] = [
  { ...meta(1), host: 'go.northwind-media.com', isDefault: true, notes: '' },
  { ...meta(2), host: 'trk.lumen-ads.net', isDefault: false, notes: '' },
];

function source(id: number, name: string, clickId: string, zone: string): TrafficSource {
  return {
    ...meta(id),
    name,
    tokens: [{ parameter: 'zone', placeholder: zone, name: 'Zone' }],
    externalId: { parameter: 'cid', placeholder: clickId },
    cost: { parameter: 'cost', placeholder: '{cost}' },
    postbackUrl: null,
    postbackPercent: 100,
    payoutPercent: 100,
    postbackMode: 'all',
    trafficLossPercent: 0,
    templateId: null,
    notes: '',
    campaignUrlParams: `cid=${clickId}&cost={cost}&zone=${zone}`,
  };
}

export const trafficSources: TrafficSource[] = [
  source(1, 'Google Ads', '{gclid}', '{network}'),
  source(2, 'Meta Ads', '{fbclid}', '{placement}'),
  source(3, 'PropellerAds', '{SUBID}', '{zoneid}'),
  source(4, 'TikTok Ads', '{ttclid}', '{placement}'),
];

function offer(id: number, name: string, payout: number, countryCode: string | null): Offer {
  const url = `https://offers.example/${id}?sub={clickid}`;
  return {
    ...meta(id),
    name,
    url,
    affiliateNetworkId: null,
    groupId: null,
    payoutAuto: false,
    payoutMicros: payout * 1_000_000,
    currency: 'EUR',
    upsell: false,
    countryCode,
    dailyCap: null,
    dailyClickCap: null,
    capFallbackOfferId: null,
    notes: '',
    finalUrl: url,
  };
}

export const offers: Offer[] = [
  offer(10, 'Keto Burn EU', 38, null),
  offer(11, 'Keto Max DE', 42, 'DE'),
  offer(12, 'Solar Quotes US', 55, 'US'),
  offer(13, 'VPN Shield', 12, null),
  offer(14, 'Dating Premium', 9, null),
  offer(15, 'Sweepstakes iPhone 17', 2, null),
];

function lander(id: number, name: string): Landing {
  const slug = name.toLowerCase().replaceAll(' ', '-');
  return {
    ...meta(id),
    name,
    url: `https://lp.northwind-media.com/${slug}/`,
    offersCount: 1,
    language: 'de',
    groupId: null,
    lpProtect: false,
    lpProtectKey: null,
    notes: '',
    clickThroughUrl: 'https://go.northwind-media.com/click',
    offerClickThroughUrls: [],
  };
}

export const landers: Landing[] = [
  lander(20, 'Quiz v3'),
  lander(21, 'Advertorial news'),
  lander(22, 'Video sales letter'),
];

const simpleFlow = (offerId: number): Flow => ({
  defaultPaths: [
    {
      name: '',
      weight: 100,
      paused: false,
      target: 'offers',
      campaignId: null,
      url: null,
      landers: [],
      offers: [{ offerId, weight: 100, paused: false }],
    },
  ],
  rules: [],
});

export const rotations: Rotation[] = [
  { ...meta(3), name: 'Evergreen mix', groupId: null, flow: simpleFlow(13), notes: '', campaignCount: 2 },
];

/** The flow the campaign form story edits: rules with criteria, weighted paths, landers and offers. */
export const editedFlow: Flow = {
  defaultPaths: [
    {
      name: 'Advertorial',
      weight: 70,
      paused: false,
      target: 'offers',
      campaignId: null,
      url: null,
      landers: [
        { landingId: 21, weight: 60, paused: false },
        { landingId: 22, weight: 40, paused: false },
      ],
      offers: [
        { offerId: 10, weight: 100, paused: false },
        { offerId: 11, weight: 50, paused: false },
      ],
    },
    {
      name: 'Direct',
      weight: 30,
      paused: false,
      target: 'offers',
      campaignId: null,
      url: null,
      landers: [],
      offers: [{ offerId: 10, weight: 100, paused: false }],
    },
  ],
  rules: [
    {
      name: 'Mobile DACH',
      paused: false,
      criteria: [
        {
          type: 'country',
          mode: 'include',
          tokenIndex: null,
          name: null,
          operator: 'equals',
          timezone: null,
          values: ['DE', 'AT', 'CH'],
        },
        {
          type: 'device_type',
          mode: 'include',
          tokenIndex: null,
          name: null,
          operator: 'equals',
          timezone: null,
          values: ['mobile', 'tablet'],
        },
      ],
      paths: [
        {
          name: 'Quiz funnel',
          weight: 100,
          paused: false,
          target: 'offers',
          campaignId: null,
          url: null,
          landers: [
            { landingId: 20, weight: 100, paused: false },
            { landingId: null, weight: 25, paused: false },
          ],
          offers: [
            { offerId: 11, weight: 80, paused: false },
            { offerId: 10, weight: 20, paused: true },
          ],
        },
      ],
    },
    {
      name: 'Bots',
      paused: false,
      criteria: [
        {
          type: 'bot',
          mode: 'include',
          tokenIndex: null,
          name: null,
          operator: 'equals',
          timezone: null,
          values: ['bot'],
        },
      ],
      paths: [
        {
          name: 'Safe page',
          weight: 100,
          paused: false,
          target: 'offers',
          campaignId: null,
          url: null,
          landers: [],
          offers: [{ offerId: 15, weight: 100, paused: false }],
        },
      ],
    },
  ],
};

interface CampaignSpec {
  id: number;
  name: string;
  source: number | null;
  status?: Campaign['status'];
  group?: number | null;
  domain?: number | null;
  cost?: [Campaign['costModel'], number, boolean?];
  rotation?: number;
  offer?: number;
  updatedAt?: string;
}

const campaignKey = (id: number) => `nw${String(id).padStart(2, '0')}k7q2m4x9`.slice(0, 12);

function campaign(spec: CampaignSpec): Campaign {
  const [costModel, cost, costAuto = false] = spec.cost ?? ['cpc', 0.12];
  const flow = spec.rotation ? null : simpleFlow(spec.offer ?? 10);
  const sourceParams = trafficSources.find((item) => item.id === spec.source)?.campaignUrlParams;
  const host = domains.find((item) => item.id === spec.domain)?.host ?? 'go.northwind-media.com';
  const key = campaignKey(spec.id);
  return {
    ...meta(spec.id, spec.updatedAt),
    name: spec.name,
    key,
    groupId: spec.group ?? null,
    trafficSourceId: spec.source,
    domainId: spec.domain ?? null,
    costModel,
    costAuto,
    costMicros: Math.round(cost * 1_000_000),
    currency: 'EUR',
    redirectMode: 'http_302',
    uniquenessHours: 24,
    status: spec.status ?? 'active',
    rotationId: spec.rotation ?? null,
    flow,
    notes: '',
    effectiveFlow: flow ?? simpleFlow(13),
    url: `https://${host}/click?key=${key}${sourceParams ? `&${sourceParams}` : ''}`,
  };
}

export const EDITED_CAMPAIGN_ID = 7;

export const campaigns: Campaign[] = [
  campaign({ id: 1, name: 'Keto EU - Search brand', source: 1, group: 1, domain: 1 }),
  campaign({ id: 2, name: 'Keto EU - Search generic', source: 1, group: 1, cost: ['cpc', 0.31] }),
  campaign({ id: 3, name: 'Solar US - Lookalike 2%', source: 2, group: 1, offer: 12, cost: ['cpm', 4.8] }),
  campaign({ id: 4, name: 'Solar US - Retargeting', source: 2, status: 'paused', offer: 12 }),
  campaign({ id: 5, name: 'VPN - Push tier 1', source: 3, rotation: 3, cost: ['cpc', 0.02, true] }),
  campaign({ id: 6, name: 'VPN - Popunder WW', source: 3, rotation: 3, cost: ['cpm', 1.1] }),
  {
    ...campaign({ id: EDITED_CAMPAIGN_ID, name: 'Keto DACH - Mobile', source: 4, group: 2, domain: 2 }),
    flow: editedFlow,
    effectiveFlow: editedFlow,
    costModel: 'cpa',
    costMicros: 18_500_000,
    notes: 'Quiz funnel for DE/AT/CH mobile; desktop keeps the advertorial.',
  },
  campaign({ id: 8, name: 'Dating - Spark Ads', source: 4, group: 2, offer: 14, cost: ['revshare', 40] }),
  campaign({ id: 9, name: 'Sweeps - Push FR', source: 3, status: 'paused', offer: 15, cost: ['none', 0] }),
  campaign({ id: 10, name: 'Keto EU - Advantage+', source: 2, group: 1, domain: 1, cost: ['cpm', 6.2] }),
  campaign({ id: 11, name: 'Solar US - Performance Max', source: 1, offer: 12, cost: ['cpc', 1.45] }),
  campaign({ id: 12, name: 'Dating - Native test', source: null, group: 2, offer: 14, status: 'paused' }),
  { ...campaign({ id: 13, name: 'Black Friday 2025', source: 2 }), archived: true },
];

export const auditLog: AuditEntry[] = [
  {
    id: 412,
    occurredAt: '2026-03-06T16:45:00.000Z',
    userId: 1,
    userLogin: 'anna',
    action: 'campaign_updated',
    entityKind: 'campaign',
    entityId: EDITED_CAMPAIGN_ID,
    details: {
      changes: {
        name: { before: 'Keto DACH', after: 'Keto DACH - Mobile' },
        domainId: { before: null, after: 2 },
      },
    },
  },
  {
    id: 377,
    occurredAt: '2026-03-02T08:12:00.000Z',
    userId: 2,
    userLogin: 'marek',
    action: 'campaign_updated',
    entityKind: 'campaign',
    entityId: EDITED_CAMPAIGN_ID,
    details: {
      changes: {
        costModel: { before: 'cpc', after: 'cpa' },
        costMicros: { before: 350_000, after: 18_500_000 },
      },
    },
  },
  {
    id: 301,
    occurredAt: '2026-02-02T09:30:00.000Z',
    userId: 1,
    userLogin: 'anna',
    action: 'campaign_created',
    entityKind: 'campaign',
    entityId: EDITED_CAMPAIGN_ID,
    details: null,
  },
];
