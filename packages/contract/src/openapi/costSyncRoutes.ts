import {
  COST_SYNC_PATHS,
  costSyncMappingInputSchema,
  costSyncMappingListSchema,
  costSyncMappingSchema,
  costSyncRequestSchema,
  costSyncResultSchema,
  costSyncRunListSchema,
  sourceCampaignListSchema,
  sourceCampaignsQuerySchema,
} from '../integrations/costSync.ts';
import type { ApiRoute } from './catalogue.ts';

const INTEGRATIONS = 'Integrations';

/** Campaigns mapped to a campaign at a traffic source, whose spend a job sets as their cost. */
export const COST_SYNC_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: COST_SYNC_PATHS.mappings,
    summary: 'Cost sync mappings with their last sync (when, outcome, cost before and after)',
    tag: INTEGRATIONS,
    access: 'admin',
    response: costSyncMappingListSchema,
  },
  {
    method: 'POST',
    path: COST_SYNC_PATHS.mappings,
    summary: "Map a campaign to a campaign at a traffic source, whose spend becomes the campaign's cost",
    description:
      'With `zoneTokenSlot`, spend the source reports by zone is set on the clicks whose token in that slot ' +
      'holds the zone; without it, on the whole campaign, by day.',
    tag: INTEGRATIONS,
    access: 'admin',
    body: costSyncMappingInputSchema,
    response: costSyncMappingSchema,
    status: 201,
    bodyName: 'CostSyncMappingInput',
    responseName: 'CostSyncMapping',
    bodyExample: {
      campaignId: 1,
      accountId: 1,
      sourceAccountId: '1234567890',
      sourceCampaignId: '120200000000000001',
      zoneTokenSlot: null,
      enabled: true,
    },
  },
  {
    method: 'PUT',
    path: COST_SYNC_PATHS.mapping,
    summary: 'Change a cost sync mapping',
    tag: INTEGRATIONS,
    access: 'admin',
    body: costSyncMappingInputSchema,
    response: costSyncMappingSchema,
  },
  {
    method: 'DELETE',
    path: COST_SYNC_PATHS.mapping,
    summary: 'Delete a cost sync mapping (costs it set stay)',
    tag: INTEGRATIONS,
    access: 'admin',
  },
  {
    method: 'POST',
    path: COST_SYNC_PATHS.sync,
    summary: 'Sync now: pull spend for the last days and set it as cost, for one mapping or all enabled',
    tag: INTEGRATIONS,
    access: 'admin',
    body: costSyncRequestSchema,
    response: costSyncResultSchema,
    errors: { 409: 'A sync is running already (on this node or another)' },
  },
  {
    method: 'GET',
    path: COST_SYNC_PATHS.runs,
    summary: 'Recent cost syncs, newest first',
    tag: INTEGRATIONS,
    access: 'admin',
    response: costSyncRunListSchema,
  },
  {
    method: 'GET',
    path: COST_SYNC_PATHS.sourceCampaigns,
    summary:
      "The campaigns at the source an account's token can see (Meta: of the ad account in `sourceAccountId`)",
    tag: INTEGRATIONS,
    access: 'admin',
    query: sourceCampaignsQuerySchema,
    response: sourceCampaignListSchema,
    errors: { 502: "The source refused or failed; the message is the source's" },
  },
];
