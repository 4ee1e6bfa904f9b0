import {
  DEFAULT_LP_PROTECT,
  LP_PROTECT_PATHS,
  LP_UNPROTECTED_ACTIONS,
  type LpProtectRotation,
  type LpProtectSettings,
  lpProtectRotationSchema,
} from '@cairn/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../../../app/services.ts';
import type { ApiClient } from '../../../http/client.ts';

// Settings > LP protect: the default for new landers, the key lifetime, the answer to unprotected visits,
// and the rotation of every lander's secret. The lander form reads the same settings.

export const lpProtectQueryKey = ['settings', 'lp-protect'] as const;

// Answers are read without the write schema's cross-field checks: what the server stored is what it uses.
const answerSchema = z.object({
  defaultOn: z.boolean(),
  keyLifetimeMinutes: z.number(),
  unprotectedAction: z.enum(LP_UNPROTECTED_ACTIONS),
  redirectUrl: z.string(),
  safePageHtml: z.string(),
});

export function fetchLpProtect(client: ApiClient, signal?: AbortSignal) {
  return client.get<LpProtectSettings>(LP_PROTECT_PATHS.settings, {
    schema: answerSchema,
    ...(signal ? { signal } : {}),
  });
}

export function saveLpProtect(client: ApiClient, settings: LpProtectSettings) {
  return client.put<LpProtectSettings>(LP_PROTECT_PATHS.settings, { json: settings, schema: answerSchema });
}

export function rotateLpSecrets(client: ApiClient) {
  return client.post<LpProtectRotation>(LP_PROTECT_PATHS.rotate, {
    json: {},
    schema: lpProtectRotationSchema,
  });
}

/** The installation's LP protect settings once loaded; the defaults until then (or if they cannot be read). */
export function useLpProtectSettings(): LpProtectSettings {
  const { client } = useServices();
  const query = useQuery({
    queryKey: lpProtectQueryKey,
    queryFn: ({ signal }) => fetchLpProtect(client, signal),
  });
  return query.data?.status === 'ok' ? query.data.data : DEFAULT_LP_PROTECT;
}
