import {
  type ClearRequestInput,
  type ClearSummary,
  clearSummarySchema,
  RETENTION_PATHS,
  type RetentionSettings,
  retentionExceptionSchema,
} from '@cairn/contract';
import { z } from 'zod';
import type { ApiClient } from '../../../http/client.ts';

// Settings > Auto-clearing: the settings of the hourly job, and a manual clear with its preview.

export const autoClearingQueryKey = ['settings', 'auto-clearing'] as const;

// Answers are read without the write schema's strictness: a field a newer server adds is no error here.
const settingsAnswerSchema = z.object({
  enabled: z.boolean(),
  keepDays: z.number(),
  exceptions: z.array(z.object(retentionExceptionSchema.shape)),
});

export function fetchAutoClearing(client: ApiClient, signal?: AbortSignal) {
  return client.get<RetentionSettings>(RETENTION_PATHS.settings, {
    schema: settingsAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

export function saveAutoClearing(client: ApiClient, settings: RetentionSettings) {
  return client.put<RetentionSettings>(RETENTION_PATHS.settings, {
    json: settings,
    schema: settingsAnswerSchema,
  });
}

/** What a clear would take now, without taking it. */
export function previewClear(client: ApiClient, request: ClearRequestInput) {
  return client.post<ClearSummary>(RETENTION_PATHS.preview, { json: request, schema: clearSummarySchema });
}

export function clearNow(client: ApiClient, request: ClearRequestInput) {
  return client.post<ClearSummary>(RETENTION_PATHS.clear, { json: request, schema: clearSummarySchema });
}
