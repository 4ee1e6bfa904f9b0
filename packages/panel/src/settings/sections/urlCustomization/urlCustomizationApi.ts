import { DEFAULT_URL_CUSTOMIZATION, URL_CUSTOMIZATION_PATH, type UrlCustomization } from '@cairn/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useServices } from '../../../app/services.ts';
import type { ApiClient } from '../../../http/client.ts';

// Settings > URL customization: the tracking endpoints' paths and the fallback for unroutable clicks.

export const urlCustomizationQueryKey = ['settings', 'url-customization'] as const;

// Answers are read without the write schema's checks: a field a newer server adds is no error here.
const answerSchema = z.object({
  clickPath: z.string(),
  postbackPath: z.string(),
  conversionPixelPath: z.string(),
  fallbackUrl: z.string(),
});

export function fetchUrlCustomization(client: ApiClient, signal?: AbortSignal) {
  return client.get<UrlCustomization>(URL_CUSTOMIZATION_PATH, {
    schema: answerSchema,
    ...(signal ? { signal } : {}),
  });
}

export function saveUrlCustomization(client: ApiClient, settings: UrlCustomization) {
  return client.put<UrlCustomization>(URL_CUSTOMIZATION_PATH, { json: settings, schema: answerSchema });
}

/** The click path links are built on: the renamed one once it has loaded, the default one until then. */
export function useClickPath(): string {
  const { client } = useServices();
  const query = useQuery({
    queryKey: urlCustomizationQueryKey,
    queryFn: ({ signal }) => fetchUrlCustomization(client, signal),
  });
  return query.data?.status === 'ok' ? query.data.data.clickPath : DEFAULT_URL_CUSTOMIZATION.clickPath;
}
