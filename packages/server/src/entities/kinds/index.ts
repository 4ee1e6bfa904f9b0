import { ENTITY_CSV_KINDS } from '@cairn/contract';
import { registerEntityCsv } from '../csv/routes.ts';
import type { EntityDefinition } from '../definition.ts';
import type { KindRoutes } from '../routeContext.ts';
import { affiliateNetworkDefinition } from './affiliateNetwork.ts';
import { campaignDefinition, registerCampaignKeyRoute } from './campaign.ts';
import { domainDefinition } from './domain.ts';
import { groupDefinition } from './group.ts';
import { landingDefinition } from './landing.ts';
import { offerDefinition } from './offer.ts';
import { registerOfferImport } from './offerImport.ts';
import { rotationDefinition } from './rotation.ts';
import { registerAffiliateNetworkTemplates, registerTrafficSourceTemplates } from './templates/routes.ts';
import { trafficSourceDefinition } from './trafficSource.ts';
import { registerUserRoutes } from './user.ts';

export const ENTITY_DEFINITIONS: readonly EntityDefinition[] = [
  offerDefinition,
  landingDefinition,
  affiliateNetworkDefinition,
  trafficSourceDefinition,
  domainDefinition,
  campaignDefinition,
  rotationDefinition,
  groupDefinition({
    offer: offerDefinition.table,
    landing: landingDefinition.table,
    campaign: campaignDefinition.table,
    rotation: rotationDefinition.table,
  }),
];

export const KIND_ROUTES: readonly KindRoutes[] = [
  { kind: 'offer', register: registerOfferImport },
  { kind: 'campaign', register: registerCampaignKeyRoute },
  { kind: 'user', register: registerUserRoutes },
  { kind: 'traffic_source', register: registerTrafficSourceTemplates },
  { kind: 'affiliate_network', register: registerAffiliateNetworkTemplates },
  ...ENTITY_CSV_KINDS.map((kind) => ({ kind, register: registerEntityCsv(kind) })),
];
