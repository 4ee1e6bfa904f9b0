import type { EntityDefinition } from '../definition.ts';
import { affiliateNetworkDefinition } from './affiliateNetwork.ts';
import { campaignDefinition } from './campaign.ts';
import { domainDefinition } from './domain.ts';
import { groupDefinition } from './group.ts';
import { landingDefinition } from './landing.ts';
import { offerDefinition } from './offer.ts';
import { rotationDefinition } from './rotation.ts';
import { trafficSourceDefinition } from './trafficSource.ts';

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
