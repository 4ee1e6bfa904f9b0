import { z } from 'zod';

// Keys for scripts and bots: a caller sending `Api-Key: <key>` acts as the key's owner, with the owner's
// permissions and hide-profit rule. The key itself is answered once, at creation; the server keeps its hash.

export const API_KEY_HEADER = 'Api-Key';

export const API_KEY_PATHS = {
  list: '/api/api_key',
  one: '/api/api_key/:id',
} as const;

export const apiKeyPath = (id: string | number): string => `/api/api_key/${encodeURIComponent(String(id))}`;

export const API_KEY_SCOPES = ['read_only', 'read_write'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const API_KEY_NAME_MAX_LENGTH = 100;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  userId: z.number().int(),
  /** The owner's login, so an admin's list says whose key each is. */
  userLogin: z.string(),
  /** The key's first characters, enough to tell keys apart and nothing to sign in with. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  /** Recorded to within a minute; null until first used. */
  lastUsedAt: z.iso.datetime().nullable(),
  /** Null: never expires. */
  expiresAt: z.iso.datetime().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const createApiKeyRequestSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(API_KEY_NAME_MAX_LENGTH, `Name is at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scope: apiKeyScopeSchema,
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Expiry is a date and time (ISO 8601)' })
    .nullable()
    .optional(),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const createApiKeyResponseSchema = apiKeySchema.extend({
  /** The key, answered this once: the server keeps only its hash. */
  key: z.string(),
});
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponseSchema>;

export const apiKeyIdParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'The id is a positive integer'),
});
