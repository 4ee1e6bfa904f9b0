import {
  API_KEY_PATHS,
  type ApiKeyListResponse,
  apiKeyIdParamsSchema,
  type CreateApiKeyResponse,
  createApiKeyRequestSchema,
  MESSAGES,
  type OkResponse,
} from '@cairn/contract';
import type { FastifyInstance } from 'fastify';
import { ApiKeyRepository } from '../auth/apiKeys.ts';
import type { UserWithSecrets } from '../auth/users.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';

// Settings > Public API. Everyone manages their own keys; admins see and revoke everybody's. Creating a
// key takes a real session: a leaked key cannot mint others that would outlive its own revocation.

const seesEveryKey = (user: UserWithSecrets): boolean => user.role !== 'user';

export async function apiKeysPlugin(api: FastifyInstance, { ctx, guard }: FeatureOptions): Promise<void> {
  const repository = new ApiKeyRepository(ctx.store, ctx.config.now);

  api.get(API_KEY_PATHS.list, async (request): Promise<ApiKeyListResponse> => {
    const user = guard.requireUser(request);
    return { apiKeys: await repository.list(seesEveryKey(user) ? null : user.id) };
  });

  api.post(API_KEY_PATHS.list, async (request, reply): Promise<CreateApiKeyResponse> => {
    const user = guard.requireSessionUser(request);
    const body = parseInput(createApiKeyRequestSchema, request.body);
    const expiresAt = body.expiresAt ? Date.parse(body.expiresAt) : null;
    if (expiresAt !== null && expiresAt <= ctx.config.now()) {
      throw validationError([{ message: 'The expiry is in the past', detail: { field: 'expiresAt' } }]);
    }
    const { key, apiKey } = await repository.create({
      userId: user.id,
      name: body.name,
      scope: body.scope,
      expiresAt,
    });
    await guard.audit(user.id, 'api_key_created', {
      apiKeyId: apiKey.id,
      name: apiKey.name,
      scope: apiKey.scope,
      expiresAt: apiKey.expiresAt,
    });
    reply.code(201);
    return { ...apiKey, key };
  });

  api.delete(API_KEY_PATHS.one, async (request): Promise<OkResponse> => {
    const user = guard.requireUser(request);
    const { id } = parseInput(apiKeyIdParamsSchema, request.params);
    const apiKey = await repository.findById(Number(id));
    // Someone else's key is answered like a missing one: a user learns nothing of others' keys.
    if (!apiKey || (apiKey.userId !== user.id && !seesEveryKey(user))) {
      throw new HttpError(404, { message: MESSAGES.notFound });
    }
    if (await repository.revoke(apiKey.id)) {
      await guard.audit(user.id, 'api_key_revoked', {
        apiKeyId: apiKey.id,
        name: apiKey.name,
        ownerId: apiKey.userId,
      });
    }
    return { status: 'ok' };
  });
}
