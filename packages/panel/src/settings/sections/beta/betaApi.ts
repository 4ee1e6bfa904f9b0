import { BETA_PATH, type BetaFeature, type BetaSettings } from '@cairn/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../../../app/services.ts';
import type { ApiClient } from '../../../http/client.ts';

// Settings > Beta: the installation's switches for features still marked beta. The panel asks whether one
// is on through useBetaFlag only, so a feature leaving beta is one search away from losing its checks.

export const betaQueryKey = ['settings', 'beta'] as const;

// Read loosely: a switch for a feature this panel does not know is no error.
const answerSchema = z.record(z.string(), z.boolean());

export function fetchBetaSettings(client: ApiClient, signal?: AbortSignal) {
  return client.get<BetaSettings>(BETA_PATH, { schema: answerSchema, ...(signal ? { signal } : {}) });
}

export function saveBetaSettings(client: ApiClient, settings: BetaSettings) {
  return client.put<BetaSettings>(BETA_PATH, { json: settings, schema: answerSchema });
}

/** Whether the installation turned this beta feature on; off until the switches have loaded. */
export function useBetaFlag(feature: BetaFeature): boolean {
  const { client } = useServices();
  const query = useQuery({
    queryKey: betaQueryKey,
    queryFn: ({ signal }) => fetchBetaSettings(client, signal),
  });
  return query.data?.status === 'ok' && query.data.data[feature] === true;
}
