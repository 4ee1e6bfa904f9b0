import type { EntityKind as RouteEntityKind } from '../routes/table.ts';
import { affiliateNetworkUi } from './kinds/affiliateNetwork.tsx';
import { campaignUi } from './kinds/campaign.tsx';
import { domainUi } from './kinds/domain.tsx';
import { groupUi } from './kinds/group.tsx';
import { landingUi } from './kinds/landing.tsx';
import { offerUi } from './kinds/offer.tsx';
import { rotationUi } from './kinds/rotation.tsx';
import { trafficSourceUi } from './kinds/trafficSource.tsx';
import { userUi } from './kinds/user.tsx';
import type { EntityUi } from './types.ts';

/**
 * Every kind's list and form, by its route name (a kind without them does not compile). The list's part
 * only: the forms are in formRegistry.ts, which the list never loads.
 */
export const entityUis: Record<RouteEntityKind, EntityUi> = {
  campaigns: campaignUi,
  rotations: rotationUi,
  users: userUi,
  offers: offerUi,
  landings: landingUi,
  'affiliate-networks': affiliateNetworkUi,
  'traffic-sources': trafficSourceUi,
  domains: domainUi,
  groups: groupUi,
};
