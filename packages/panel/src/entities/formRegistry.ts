import type { EntityKind as RouteEntityKind } from '../routes/table.ts';
import { affiliateNetworkFormUi } from './kinds/affiliateNetworkForm.tsx';
import { campaignFormUi } from './kinds/campaignForm.tsx';
import { domainFormUi } from './kinds/domainForm.tsx';
import { groupFormUi } from './kinds/groupForm.tsx';
import { landingFormUi } from './kinds/landingForm.tsx';
import { offerFormUi } from './kinds/offerForm.tsx';
import { rotationFormUi } from './kinds/rotationForm.tsx';
import { trafficSourceFormUi } from './kinds/trafficSourceForm.tsx';
import { userFormUi } from './kinds/userForm.tsx';
import type { EntityFormUi } from './types.ts';

/**
 * Each kind of registry.ts with its form, for the form page and the mass-edit modal: both load in
 * chunks of their own, so the field controls, the flow editor and the audit trail stay off the lists.
 */
export const entityFormUis: Record<RouteEntityKind, EntityFormUi> = {
  campaigns: campaignFormUi,
  rotations: rotationFormUi,
  users: userFormUi,
  offers: offerFormUi,
  landings: landingFormUi,
  'affiliate-networks': affiliateNetworkFormUi,
  'traffic-sources': trafficSourceFormUi,
  domains: domainFormUi,
  groups: groupFormUi,
};

/** A kind's form by its API name (`traffic_source`), as the audit log names kinds. */
export function formUiOfKind(kind: string): EntityFormUi | undefined {
  return Object.values(entityFormUis).find((ui) => ui.kind === kind);
}
