import {
  INTEGRATION_PATHS,
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
import { CONVERSION_OUT_SCOPES, conversionsOutRoutes, SCOPE_WORDS } from './conversionsOutRoutes.ts';
import { type AccountRecord, IntegrationStore, presentAccount } from './store.ts';

// The panel's side of integrations (admins only): ad platform accounts (create, rename or replace the
// token, delete, check the connection) and which traffic sources or campaigns send their conversions to
// one (conversionsOutRoutes.ts). The token is sealed on the way in and never answered back.

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
    for (const scope of CONVERSION_OUT_SCOPES) {
      const users = (await integrations.conversionsOut(scope)).filter((one) => one.accountId === previous.id);
      if (users.length > 0) {
        throw new HttpError(409, {
          message: `${SCOPE_WORDS[scope].plural} ${users.map((one) => one.ownerId).join(', ')} still send conversions through this account`,
        });
      }
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

  conversionsOutRoutes(api, { ctx, guard, integrations, idOf, announce });
}
