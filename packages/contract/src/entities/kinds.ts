import type { z } from 'zod';
import {
  affiliateNetworkInputSchema,
  affiliateNetworkListSpec,
  affiliateNetworkMassChangesSchema,
  affiliateNetworkSchema,
} from './affiliateNetwork.ts';
import {
  campaignInputSchema,
  campaignListSpec,
  campaignMassChangesSchema,
  campaignSchema,
} from './campaign.ts';
import type { EntityKind, EntityListSpec } from './common.ts';
import { domainInputSchema, domainListSpec, domainMassChangesSchema, domainSchema } from './domain.ts';
import { groupInputSchema, groupListSpec, groupMassChangesSchema, groupSchema } from './group.ts';
import { landingInputSchema, landingListSpec, landingMassChangesSchema, landingSchema } from './landing.ts';
import { offerInputSchema, offerListSpec, offerMassChangesSchema, offerSchema } from './offer.ts';
import {
  rotationInputSchema,
  rotationListSpec,
  rotationMassChangesSchema,
  rotationSchema,
} from './rotation.ts';
import {
  trafficSourceInputSchema,
  trafficSourceListSpec,
  trafficSourceMassChangesSchema,
  trafficSourceSchema,
} from './trafficSource.ts';
import { userInputSchema, userListSpec, userMassChangesSchema, userSchema } from './user.ts';

export { ENTITY_LIST_SPECS } from './vocabulary.ts';

/** Everything generic list, form and mass-edit code needs about one kind. */
export interface EntityContract {
  /** Singular and plural nouns for messages and titles. */
  noun: string;
  nounPlural: string;
  /** A response item (GET, and the items of a list). */
  schema: z.ZodObject;
  /** Create and PUT bodies. Posting a fetched item back is a valid body (extra fields are dropped): that is a clone. */
  inputSchema: z.ZodType;
  /** The fields `PATCH /api/{kind}/mass` may change. */
  massChangesSchema: z.ZodObject;
  listSpec: EntityListSpec;
}

export const ENTITY_CONTRACTS = {
  offer: {
    noun: 'offer',
    nounPlural: 'offers',
    schema: offerSchema,
    inputSchema: offerInputSchema,
    massChangesSchema: offerMassChangesSchema,
    listSpec: offerListSpec,
  },
  landing: {
    noun: 'lander',
    nounPlural: 'landers',
    schema: landingSchema,
    inputSchema: landingInputSchema,
    massChangesSchema: landingMassChangesSchema,
    listSpec: landingListSpec,
  },
  affiliate_network: {
    noun: 'affiliate network',
    nounPlural: 'affiliate networks',
    schema: affiliateNetworkSchema,
    inputSchema: affiliateNetworkInputSchema,
    massChangesSchema: affiliateNetworkMassChangesSchema,
    listSpec: affiliateNetworkListSpec,
  },
  traffic_source: {
    noun: 'traffic source',
    nounPlural: 'traffic sources',
    schema: trafficSourceSchema,
    inputSchema: trafficSourceInputSchema,
    massChangesSchema: trafficSourceMassChangesSchema,
    listSpec: trafficSourceListSpec,
  },
  domain: {
    noun: 'domain',
    nounPlural: 'domains',
    schema: domainSchema,
    inputSchema: domainInputSchema,
    massChangesSchema: domainMassChangesSchema,
    listSpec: domainListSpec,
  },
  group: {
    noun: 'group',
    nounPlural: 'groups',
    schema: groupSchema,
    inputSchema: groupInputSchema,
    massChangesSchema: groupMassChangesSchema,
    listSpec: groupListSpec,
  },
  campaign: {
    noun: 'campaign',
    nounPlural: 'campaigns',
    schema: campaignSchema,
    inputSchema: campaignInputSchema,
    massChangesSchema: campaignMassChangesSchema,
    listSpec: campaignListSpec,
  },
  rotation: {
    noun: 'rotation',
    nounPlural: 'rotations',
    schema: rotationSchema,
    inputSchema: rotationInputSchema,
    massChangesSchema: rotationMassChangesSchema,
    listSpec: rotationListSpec,
  },
  user: {
    noun: 'user',
    nounPlural: 'users',
    schema: userSchema,
    inputSchema: userInputSchema,
    massChangesSchema: userMassChangesSchema,
    listSpec: userListSpec,
  },
} as const satisfies Record<EntityKind, EntityContract>;
