import {
  campaignSchema,
  entityPath,
  monitorResponseSchema,
  PAGE_SIZE_MAX,
  type SeedRequest,
  seedResponseSchema,
  type TestClickRequest,
  TRACKING_API_PATHS,
  testClickResponseSchema,
} from '@cairn/contract';
import { z } from 'zod';
import type { ApiClient } from '../http/client.ts';

// The click engine's panel calls: the live monitor, the developer monitor's clicker and seeder, and the
// campaign names the clicker offers.

export const monitorQueryKey = ['monitor'] as const;
export const clickerCampaignsQueryKey = ['monitor', 'clicker-campaigns'] as const;

/** The monitor's figures; a failure throws so react-query keeps the last good answer on screen. */
export async function fetchMonitor(client: ApiClient, signal?: AbortSignal) {
  const result = await client.get(TRACKING_API_PATHS.monitor, {
    schema: monitorResponseSchema,
    ...(signal ? { signal } : {}),
  });
  if (result.status !== 'ok') throw new Error(result.message);
  return result.data;
}

export function sendTestClick(client: ApiClient, input: TestClickRequest) {
  return client.post(TRACKING_API_PATHS.testClick, { json: input, schema: testClickResponseSchema });
}

export function runSeed(client: ApiClient, input: SeedRequest) {
  return client.post(TRACKING_API_PATHS.seed, { json: input, schema: seedResponseSchema });
}

const campaignOptionSchema = campaignSchema.pick({
  id: true,
  name: true,
  key: true,
  status: true,
  currency: true,
});
export type CampaignOption = z.infer<typeof campaignOptionSchema>;

/** Active campaigns by name (the first page of the largest size: a clicker needs no paging). */
export async function fetchCampaignOptions(client: ApiClient, signal?: AbortSignal) {
  const result = await client.get(entityPath.list('campaign'), {
    query: { pageSize: PAGE_SIZE_MAX, sort: 'name:asc' },
    schema: z.object({ items: z.array(campaignOptionSchema), total: z.number() }),
    ...(signal ? { signal } : {}),
  });
  if (result.status !== 'ok') throw new Error(result.message);
  return result.data;
}
