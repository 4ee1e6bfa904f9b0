import {
  API_KEY_PATHS,
  type ApiKeyListResponse,
  apiKeyPath,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
  okResponseSchema,
} from '@cairn/contract';
import { z } from 'zod';
import type { ApiClient } from '../../../http/client.ts';

// Settings > Public API: the caller's API keys (an admin's list holds everybody's), made and revoked here.

export const apiKeysQueryKey = ['settings', 'api-keys'] as const;

// Answers are read loosely: a field a newer server adds is no error here.
const apiKeyAnswerSchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(['read_only', 'read_write']),
  userId: z.number(),
  userLogin: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
const listAnswerSchema = z.object({ apiKeys: z.array(apiKeyAnswerSchema) });
const createdAnswerSchema = apiKeyAnswerSchema.extend({ key: z.string() });

export function fetchApiKeys(client: ApiClient, signal?: AbortSignal) {
  return client.get<ApiKeyListResponse>(API_KEY_PATHS.list, {
    schema: listAnswerSchema,
    ...(signal ? { signal } : {}),
  });
}

export function createApiKey(client: ApiClient, request: CreateApiKeyRequest) {
  return client.post<CreateApiKeyResponse>(API_KEY_PATHS.list, {
    json: request,
    schema: createdAnswerSchema,
  });
}

export function revokeApiKey(client: ApiClient, id: number) {
  return client.delete(apiKeyPath(id), { schema: okResponseSchema });
}
