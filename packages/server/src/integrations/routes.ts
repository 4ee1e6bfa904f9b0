import {
  type ConversionOut,
  type ConversionOutList,
  conversionDestinationError,
  conversionOutInputSchema,
  INTEGRATION_PATHS,
  INTEGRATION_PLATFORM_NAMES,
  type IntegrationAccount,
  type IntegrationAccountList,
  type IntegrationCheck,
  integrationAccountInputSchema,
  integrationAccountUpdateSchema,
} from '@cairn/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../audit.ts';
import { checkSpendSource } from '../costSync/platforms.ts';
import type { FeatureOptions } from '../feature.ts';
import { HttpError, parseInput, validationError } from '../http.ts';
import { OutboundRefused } from '../outbound/guard.ts';
import { SETTINGS_CHANGE } from '../tracking/runtime.ts';
import { ADAPTERS } from './conversionsOut.ts';
import {
  type AccountRecord,
  type ConversionOutRecord,
  IntegrationStore,
  presentAccount,
  presentConversionOut,
} from './store.ts';

// The panel's side of integrations (admins only): ad platform accounts (create, rename or replace the
// token, delete, check the connection) and which traffic sources send their conversions to one. The
// token is sealed on the way in and never answered back. A conversions-out change is announced like a
// settings change, so every node's postback path reads it again.

const CHECK_TIMEOUT_MS = 10_000;
const noStore = { 'cache-control': 'no-store' };

export async function integrationsPlugin(
  api: FastifyInstance,
  { ctx, guard }: FeatureOptions,
): Promise<void> {
  const { now } = ctx.config;
  const integrations = new IntegrationStore(ctx.store, ctx.keys.encryption);
  const out = ctx.tracking.conversions.out;

  const idOf = (request: FastifyRequest, name: string, what: string): number => {
    const id = Number((request.params as Record<string, string>)[name]);
    if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, { message: `No such ${what}` });
    return id;
  };
  const existing = async (request: FastifyRequest): Promise<AccountRecord> => {
    const found = await integrations.account(idOf(request, 'id', 'integration account'));
    if (!found) throw new HttpError(404, { message: 'No such integration account' });
    return found;
  };
  const audit = (userId: number, action: string, id: number, details: Record<string, unknown>) =>
    recordAudit(ctx.store, now(), {
      userId,
      action,
      entityKind: 'integration_account',
      entityId: id,
      details,
    });
  const announce = () => ctx.changes.emit(SETTINGS_CHANGE, 0);

  api.get(INTEGRATION_PATHS.accounts, async (request, reply): Promise<IntegrationAccountList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    return { items: (await integrations.accounts()).map(presentAccount) };
  });

  api.post(INTEGRATION_PATHS.accounts, async (request, reply): Promise<IntegrationAccount> => {
    const user = guard.requireAdmin(request);
    const input = parseInput(integrationAccountInputSchema, request.body);
    const id = await integrations.create(input, now());
    await audit(user.id, 'integration_account_created', id, { platform: input.platform, name: input.name });
    reply.code(201);
    return presentAccount((await integrations.account(id)) as AccountRecord);
  });

  api.put(INTEGRATION_PATHS.account, async (request): Promise<IntegrationAccount> => {
    const user = guard.requireAdmin(request);
    const previous = await existing(request);
    const input = parseInput(integrationAccountUpdateSchema, request.body);
    const wrongKind =
      previous.platform === 'google_ads' ? input.accessToken !== undefined : input.googleAds !== undefined;
    if (wrongKind) {
      const field = previous.platform === 'google_ads' ? 'accessToken' : 'googleAds';
      throw validationError([
        { message: `A ${previous.platform} account does not take ${field}`, detail: { field } },
      ]);
    }
    await integrations.update(previous.id, previous.platform, input, now());
    await audit(user.id, 'integration_account_updated', previous.id, {
      name: input.name,
      tokenReplaced: input.accessToken !== undefined || input.googleAds !== undefined,
    });
    return presentAccount((await integrations.account(previous.id)) as AccountRecord);
  });

  api.delete(INTEGRATION_PATHS.account, async (request) => {
    const user = guard.requireAdmin(request);
    const previous = await existing(request);
    const users = (await integrations.conversionsOut()).filter((one) => one.accountId === previous.id);
    if (users.length > 0) {
      throw new HttpError(409, {
        message: `Traffic sources ${users.map((one) => one.trafficSourceId).join(', ')} still send conversions through this account`,
      });
    }
    await integrations.remove(previous.id);
    await audit(user.id, 'integration_account_deleted', previous.id, { name: previous.name });
    return { ok: true };
  });

  api.post(INTEGRATION_PATHS.check, async (request): Promise<IntegrationCheck> => {
    guard.requireAdmin(request);
    const account = await existing(request);
    const token = await integrations.token(account.id);
    if (!token) throw new HttpError(404, { message: 'No such integration account' });
    const adapter = ADAPTERS[account.platform];
    let check: Omit<IntegrationCheck, 'account'>;
    try {
      // A cost sync source only (a push network) is checked by its spend adapter.
      check = adapter
        ? await adapter.checkConnection(out.http(account.platform, CHECK_TIMEOUT_MS), token.token)
        : await checkSpendSource(ctx, account.platform, token.token, CHECK_TIMEOUT_MS);
    } catch (failure) {
      // Unreachable, refused by the outbound guard, or too slow: the answer says so rather than failing.
      const message = failure instanceof Error ? failure.message : String(failure);
      check = {
        ok: false,
        identity: null,
        error: failure instanceof OutboundRefused ? `refused: ${message}` : message,
        tokenExpired: false,
      };
    }
    await integrations.recordCheck(account.id, check.ok, check.error, now());
    return { ...check, account: presentAccount((await integrations.account(account.id)) as AccountRecord) };
  });

  api.get(INTEGRATION_PATHS.conversionsOut, async (request, reply): Promise<ConversionOutList> => {
    guard.requireAdmin(request);
    reply.headers(noStore);
    const platforms = new Map((await integrations.accounts()).map((one) => [one.id, one.platform]));
    return {
      items: (await integrations.conversionsOut()).map((one) =>
        presentConversionOut(one, platforms.get(one.accountId) ?? 'meta'),
      ),
    };
  });

  api.put(INTEGRATION_PATHS.conversionOut, async (request): Promise<ConversionOut> => {
    const user = guard.requireAdmin(request);
    const sourceId = idOf(request, 'trafficSourceId', 'traffic source');
    const input = parseInput(conversionOutInputSchema, request.body);
    const [source] = await ctx.store.query('SELECT id FROM traffic_sources WHERE id = $1', [sourceId]);
    if (!source) throw new HttpError(404, { message: 'No such traffic source' });
    const account = await integrations.account(input.accountId);
    if (!account) {
      throw validationError([{ message: 'No such integration account', detail: { field: 'accountId' } }]);
    }
    if (!ADAPTERS[account.platform]) {
      throw validationError([
        {
          message: `${INTEGRATION_PLATFORM_NAMES[account.platform]} takes no conversions: Cairn only pulls its spend`,
          detail: { field: 'accountId' },
        },
      ]);
    }
    const wrongDestination = conversionDestinationError(account.platform, input.pixelId);
    if (wrongDestination) {
      throw validationError([{ message: wrongDestination, detail: { field: 'pixelId' } }]);
    }
    await integrations.setConversionOut(sourceId, input, account.platform, now());
    await recordAudit(ctx.store, now(), {
      userId: user.id,
      action: 'conversions_out_set',
      entityKind: 'traffic_source',
      entityId: sourceId,
      details: { accountId: input.accountId, pixelId: input.pixelId, eventName: input.eventName },
    });
    await announce();
    await out.load();
    return presentConversionOut(
      (await integrations.conversionOut(sourceId)) as ConversionOutRecord,
      account.platform,
    );
  });

  api.delete(INTEGRATION_PATHS.conversionOut, async (request) => {
    const user = guard.requireAdmin(request);
    const sourceId = idOf(request, 'trafficSourceId', 'traffic source');
    if (!(await integrations.conversionOut(sourceId))) {
      throw new HttpError(404, { message: 'This traffic source sends no conversions out' });
    }
    await integrations.removeConversionOut(sourceId);
    await recordAudit(ctx.store, now(), {
      userId: user.id,
      action: 'conversions_out_removed',
      entityKind: 'traffic_source',
      entityId: sourceId,
    });
    await announce();
    await out.load();
    return { ok: true };
  });
}
