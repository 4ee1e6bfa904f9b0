import { z } from 'zod';
import { TOKEN_SLOTS } from '../entities/macros.ts';
import { INTEGRATION_PLATFORMS } from './integrations.ts';

// Cost sync: a Cairn campaign mapped to a campaign at a traffic source (through an integration account);
// a job pulls the source's spend by day (and by zone where the source reports zones and the mapping names
// the token slot holding the zone) and sets it as the campaign's cost through the cost-update path, so
// running it again changes nothing. Each mapping keeps its last sync: when, the outcome in the source's
// words, and what the campaign cost before and after.

export const COST_SYNC_PATHS = {
  mappings: '/api/cost-sync/mappings',
  mapping: '/api/cost-sync/mappings/:id',
  sync: '/api/cost-sync/sync',
  runs: '/api/cost-sync/runs',
  sourceCampaigns: '/api/cost-sync/accounts/:id/campaigns',
} as const;

export const COST_SYNC_OUTCOMES = ['never', 'ok', 'failed'] as const;
export type CostSyncOutcome = (typeof COST_SYNC_OUTCOMES)[number];

const sourceId = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${what} id at the source`)
    .max(64, 'At most 64 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, _ and - only');

export const costSyncMappingInputSchema = z.object({
  campaignId: z.number().int().positive('Pick a campaign'),
  accountId: z.number().int().positive('Choose an integration account'),
  /**
   * Meta: the ad account id (digits, without `act_`); Taboola: the account id; TikTok: the advertiser id;
   * other sources: empty (Google Ads' credentials name the customer, MGID's the client).
   */
  sourceAccountId: z
    .string()
    .trim()
    .max(64, 'At most 64 characters')
    .regex(/^[A-Za-z0-9_-]*$/, 'An account id is letters, digits, _ and - (Meta: digits, without act_)')
    .default(''),
  sourceCampaignId: sourceId('campaign'),
  /** The token slot (1 = t1) the source's zone lands in; null: the spend is set for the whole campaign. */
  zoneTokenSlot: z
    .number()
    .int()
    .min(1, `A token slot from 1 to ${TOKEN_SLOTS}`)
    .max(TOKEN_SLOTS, `A token slot from 1 to ${TOKEN_SLOTS}`)
    .nullable()
    .default(null),
  enabled: z.boolean().default(true),
});
export type CostSyncMappingInput = z.input<typeof costSyncMappingInputSchema>;

export const costSyncMappingSchema = z.object({
  id: z.number().int(),
  campaignId: z.number().int(),
  accountId: z.number().int(),
  platform: z.enum(INTEGRATION_PLATFORMS),
  sourceAccountId: z.string(),
  sourceCampaignId: z.string(),
  zoneTokenSlot: z.number().int().nullable(),
  enabled: z.boolean(),
  /** The last sync: when, its outcome, the source's words on a failure. */
  lastSyncAt: z.string().nullable(),
  lastOutcome: z.enum(COST_SYNC_OUTCOMES),
  lastError: z.string().nullable(),
  /** What the synced days cost before and after the last sync, in the tracker's currency (micro-units). */
  lastPreviousCostMicros: z.number().int().nullable(),
  lastCostMicros: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CostSyncMapping = z.infer<typeof costSyncMappingSchema>;

export const costSyncMappingListSchema = z.object({ items: z.array(costSyncMappingSchema) });
export type CostSyncMappingList = z.infer<typeof costSyncMappingListSchema>;

/** "Sync now": one mapping, or every enabled mapping when none is named. */
export const costSyncRequestSchema = z.object({
  mappingId: z.number().int().positive().nullable().default(null),
});
export type CostSyncRequest = z.input<typeof costSyncRequestSchema>;

export const costSyncRunSchema = z.object({
  id: z.number().int(),
  mappingId: z.number().int(),
  campaignId: z.number().int(),
  startedAt: z.string(),
  /** The first and last day synced (the tracker's time zone), inclusive. */
  fromDay: z.string(),
  toDay: z.string(),
  outcome: z.enum(['ok', 'failed']),
  error: z.string().nullable(),
  /** The source said the token expired or was revoked: only a new token helps. */
  tokenExpired: z.boolean(),
  /** The source refused for too many calls: the next interval tries again. */
  rateLimited: z.boolean(),
  previousCostMicros: z.number().int(),
  costMicros: z.number().int(),
  /** Days (or day and zone pairs) whose cost was set. */
  targets: z.number().int(),
  changedClicks: z.number().int(),
});
export type CostSyncRun = z.infer<typeof costSyncRunSchema>;

export const costSyncRunListSchema = z.object({ items: z.array(costSyncRunSchema) });
export type CostSyncRunList = z.infer<typeof costSyncRunListSchema>;

export const costSyncResultSchema = z.object({ runs: z.array(costSyncRunSchema) });
export type CostSyncResult = z.infer<typeof costSyncResultSchema>;

export const sourceCampaignsQuerySchema = z.object({
  sourceAccountId: costSyncMappingInputSchema.shape.sourceAccountId,
});

export const sourceCampaignListSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SourceCampaignList = z.infer<typeof sourceCampaignListSchema>;
